//! UI tests (one test binary): the real app driven through its accessibility tree with
//! egui_kittest, as a user would. One module per workspace plus the shell.

#[path = "ui/common.rs"]
mod common;

#[path = "ui/access_tree.rs"]
mod access_tree;
#[path = "ui/answer_box.rs"]
mod answer_box;
#[path = "ui/app.rs"]
mod app;
#[path = "ui/commands.rs"]
mod commands;
#[path = "ui/compare.rs"]
mod compare;
#[path = "ui/compare_presets.rs"]
mod compare_presets;
#[path = "ui/corners.rs"]
mod corners;
#[path = "ui/describe.rs"]
mod describe;
#[path = "ui/desk.rs"]
mod desk;
#[path = "ui/divisible.rs"]
mod divisible;
#[path = "ui/drawer_fit.rs"]
mod drawer_fit;
#[path = "ui/drawer_numbers.rs"]
mod drawer_numbers;
#[path = "ui/errata.rs"]
mod errata;
#[path = "ui/exercise.rs"]
mod exercise;
#[path = "ui/exercise_divisible.rs"]
mod exercise_divisible;
#[path = "ui/exercise_stable.rs"]
mod exercise_stable;
#[path = "ui/exercise_treesweep.rs"]
mod exercise_treesweep;
#[path = "ui/figures.rs"]
mod figures;
#[path = "ui/geodecay.rs"]
mod geodecay;
#[path = "ui/gradebook.rs"]
mod gradebook;
#[path = "ui/homework.rs"]
mod homework;
#[path = "ui/keyboard.rs"]
mod keyboard;
#[path = "ui/ksbf.rs"]
mod ksbf;
#[path = "ui/ksbf_study.rs"]
mod ksbf_study;
#[path = "ui/layout.rs"]
mod layout;
#[path = "ui/legibility.rs"]
mod legibility;
#[path = "ui/legible_stage.rs"]
mod legible_stage;
#[path = "ui/lesson_keys.rs"]
mod lesson_keys;
#[path = "ui/lessons.rs"]
mod lessons;
#[path = "ui/maps.rs"]
mod maps;
#[path = "ui/menus.rs"]
mod menus;
#[path = "ui/monkey.rs"]
mod monkey;
#[path = "ui/pictures.rs"]
mod pictures;
#[path = "ui/plot_secrecy.rs"]
mod plot_secrecy;
#[path = "ui/presets.rs"]
mod presets;
#[path = "ui/pseudocode.rs"]
mod pseudocode;
#[path = "ui/quizzes.rs"]
mod quizzes;
#[path = "ui/recent.rs"]
mod recent;
#[path = "ui/redistribute.rs"]
mod redistribute;
#[path = "ui/research.rs"]
mod research;
#[path = "ui/secrecy.rs"]
mod secrecy;
#[path = "ui/session.rs"]
mod session;
#[path = "ui/share.rs"]
mod share;
#[path = "ui/sliders.rs"]
mod sliders;
#[path = "ui/stage.rs"]
mod stage;
#[path = "ui/stage_room.rs"]
mod stage_room;
#[path = "ui/stage_state.rs"]
mod stage_state;
#[path = "ui/stepping.rs"]
mod stepping;
#[path = "ui/text_size.rs"]
mod text_size;
#[path = "ui/treesweep.rs"]
mod treesweep;
#[path = "ui/walk.rs"]
mod walk;
#[path = "ui/walk_checks.rs"]
mod walk_checks;
#[path = "ui/walk_secrecy.rs"]
mod walk_secrecy;
#[path = "ui/wheel.rs"]
mod wheel;
