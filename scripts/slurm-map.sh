#!/bin/bash
# A loadlab study as a Slurm array job: each array task computes one shard, the last step
# merges the parts into exactly what the unsharded command prints.
#
#   sbatch scripts/slurm-map.sh                 # the map below, 8 shards
#   K=16 sbatch --array=1-16 scripts/slurm-map.sh
#   # when every task has finished (or: sbatch --dependency=afterok:<jobid> …):
#   loadlab merge parts/map-*.json > map.csv
#
# Any shardable command works in STUDY: `loadlab map …`, `loadlab gaps redistribute …`.
#SBATCH --job-name=loadlab-map
#SBATCH --array=1-8
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
#SBATCH --time=00:30:00
#SBATCH --output=parts/slurm-%A_%a.log

set -euo pipefail
K=${K:-8}
LOADLAB=${LOADLAB:-loadlab}
mkdir -p parts
STUDY=(map redistribute --x n=3..400:32:log --y max_delta=1..1000:32:log --samples 20 --heterogeneous --csv)
"$LOADLAB" "${STUDY[@]}" --shard "${SLURM_ARRAY_TASK_ID}/${K}" > "parts/map-${SLURM_ARRAY_TASK_ID}.json"
