//! Share links: a scenario — with its step, picture tab, plot and pinned scenario A — as one
//! short string to paste into a chat or an e-mail.
//!
//! Format: `loadlab:1:<payload>`, where `1` is the link format's version and the payload is
//! base64url (RFC 4648 §5, no padding) of 4 bytes of CRC-32 (little-endian) of the RON text
//! followed by that text compressed with raw DEFLATE. The RON text is [`Shared`] written
//! compactly: the preset exactly as a preset file holds it (so it is read as strictly as a
//! file: version, unknown fields, the model's validation) plus the view.
//!
//! Decoding never changes anything on failure and names what is wrong: not a loadlab link,
//! a newer link version, a character outside base64url, a cut or altered payload (the
//! checksum), or an invalid scenario. White space inside the string (a link wrapped by a
//! mail program) is ignored.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};

use crate::preset::{self, Preset};

/// What every link starts with.
pub const PREFIX: &str = "loadlab:";

/// The link format this build writes and the newest it reads.
pub const VERSION: u32 = 1;

/// The largest scenario text a link may unpack to (as a preset file).
const MAX_TEXT: usize = preset::MAX_BYTES as usize;

/// What a link holds: a scenario and how it is looked at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shared {
    /// The scenario, with its name, description and pinned scenario A.
    pub preset: Preset,
    /// The step bar's position (0 = the start).
    #[serde(default)]
    pub step: usize,
    /// The picture tab shown (a name of [`crate::lesson::views::pictures`]).
    #[serde(default)]
    pub picture: Option<String>,
    /// The plot shown (a name of [`crate::lesson::views::plots`]).
    #[serde(default)]
    pub plot: Option<String>,
    /// Compare A/B's overlaid plot, when the link was copied there: the report's plot
    /// section without its instance ("plot: S_N vs h"); one the runs lack is passed over.
    /// Left out of links without it, which read as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compare_plot: Option<String>,
}

impl Shared {
    /// A link to `preset` at step 0 with the workspace's default view.
    pub fn new(preset: Preset) -> Shared {
        Shared {
            preset,
            step: 0,
            picture: None,
            plot: None,
            compare_plot: None,
        }
    }

    /// The link text, `loadlab:1:…`.
    pub fn encode(&self) -> String {
        // Plain data always serializes; a failure would give an empty (undecodable) body.
        let text = ron::to_string(self).unwrap_or_default();
        let mut bytes = crc32fast::hash(text.as_bytes()).to_le_bytes().to_vec();
        bytes.extend(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9));
        format!("{PREFIX}{VERSION}:{}", URL_SAFE_NO_PAD.encode(bytes))
    }

    /// Reads a link; every failure is one line saying what is wrong.
    pub fn decode(link: &str) -> Result<Shared, String> {
        let link: String = link.chars().filter(|c| !c.is_whitespace()).collect();
        // The web page's Copy link gives its address with the link as the fragment.
        let link = match link.split_once(&format!("#{PREFIX}")) {
            Some((_, rest)) => format!("{PREFIX}{rest}"),
            None => link,
        };
        let rest = link.strip_prefix(PREFIX).ok_or_else(|| {
            format!(
                "not a loadlab link (a link starts with {PREFIX}{VERSION}:, this one with {:?})",
                preset::one_line(&link.chars().take(12).collect::<String>())
            )
        })?;
        let (version, body) = rest
            .split_once(':')
            .ok_or("not a loadlab link: no version (expected loadlab:1:…)")?;
        // Digits only, no leading zero: one version has one spelling (`01` and `+1` are not
        // links this loadlab wrote).
        let canonical = !version.is_empty()
            && version.bytes().all(|b| b.is_ascii_digit())
            && (version == "0" || !version.starts_with('0'));
        let version: u32 = version.parse().ok().filter(|_| canonical).ok_or_else(|| {
            format!(
                "not a loadlab link: version {:?} is not a version number (expected {VERSION})",
                preset::one_line(version)
            )
        })?;
        if version > VERSION {
            return Err(format!(
                "link version {version} is newer than this loadlab reads (version {VERSION}); \
                 update loadlab"
            ));
        }
        if version == 0 {
            return Err("not a loadlab link: there is no link version 0".into());
        }
        let text = unpack(body)?;
        read(&text)
    }
}

/// The RON text a link's body holds, checked against its checksum.
fn unpack(body: &str) -> Result<String, String> {
    if let Some((i, c)) = body
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
    {
        return Err(format!(
            "the link is damaged: {:?} at character {} is not part of a link",
            preset::one_line(&c.to_string()),
            i + 1
        ));
    }
    let damaged = "the link is damaged (cut short or changed): copy it again";
    let bytes = URL_SAFE_NO_PAD.decode(body).map_err(|_| damaged)?;
    if bytes.len() < 5 {
        return Err(damaged.into());
    }
    let (sum, packed) = bytes.split_at(4);
    let text = inflate_all(packed).map_err(|status| match status {
        miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
            "the link unpacks to more than 1 MiB: it is not a scenario".to_string()
        }
        _ => damaged.to_string(),
    })?;
    let want = u32::from_le_bytes([sum[0], sum[1], sum[2], sum[3]]);
    if crc32fast::hash(&text) != want {
        return Err(damaged.into());
    }
    String::from_utf8(text).map_err(|_| damaged.into())
}

/// The DEFLATE stream `packed` unpacked (at most [`MAX_TEXT`] bytes), which must end exactly
/// at the end of `packed`: bytes after its last block are damage the checksum would not see.
fn inflate_all(packed: &[u8]) -> Result<Vec<u8>, miniz_oxide::inflate::TINFLStatus> {
    use miniz_oxide::inflate::TINFLStatus;
    use miniz_oxide::inflate::core::{DecompressorOxide, decompress, inflate_flags};
    let mut out = vec![0u8; MAX_TEXT];
    let mut state = DecompressorOxide::new();
    let flags = inflate_flags::TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
    let (status, read, written) = decompress(&mut state, packed, &mut out, 0, flags);
    match status {
        TINFLStatus::Done if read == packed.len() => {
            out.truncate(written);
            Ok(out)
        }
        TINFLStatus::Done => Err(TINFLStatus::Failed),
        s => Err(s),
    }
}

/// The link's RON text as a [`Shared`], its preset read as strictly as a preset file.
fn read(text: &str) -> Result<Shared, String> {
    let shared: Shared =
        ron::from_str(text).map_err(|e| format!("link: not a loadlab scenario: {}", e.code))?;
    // The preset is checked as a file would be: version range, validation, pinned A.
    let checked = preset::parse("link", &shared.preset.to_ron()).map_err(|e| e.to_string())?;
    if checked != shared.preset {
        return Err("link: the scenario does not read back as it was written".into());
    }
    let model = shared.preset.scenario.model();
    unknown_view(model, &shared.picture, &shared.plot)
        .map_or(Ok(shared), |(_, why)| Err(format!("link: {why}")))
}

/// The first of `picture` and `plot` that `model`'s workspace does not have, as `("picture" or
/// "plot", why)`; None when both are its (or not given).
pub fn unknown_view(
    model: crate::model::registry::ModelId,
    picture: &Option<String>,
    plot: &Option<String>,
) -> Option<(&'static str, String)> {
    use crate::lesson::views::{find, pictures, plots, unknown};
    let names = [
        ("picture", pictures(model), picture),
        ("plot", plots(model), plot),
    ];
    names.into_iter().find_map(|(what, names, wanted)| {
        let w = wanted.as_deref()?;
        find(names, w)
            .is_none()
            .then(|| (what, unknown(model, what, names, w)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fig2() -> Preset {
        preset::find_bundled("treesweep-fig-2").expect("bundled")
    }

    #[test]
    fn a_link_reads_back_as_written_with_its_view() {
        let mut s = Shared::new(fig2());
        s.step = 3;
        s.plot = Some("ratio T*/T_PY vs n".into());
        s.picture = Some("P.Y".into());
        let link = s.encode();
        assert!(link.starts_with("loadlab:1:"), "{link}");
        assert!(link.len() < 1200, "{} characters", link.len());
        assert_eq!(Shared::decode(&link), Ok(s.clone()));
        // Wrapped by a mail program.
        let wrapped: String = link
            .chars()
            .enumerate()
            .flat_map(|(i, c)| (i % 40 == 39).then_some('\n').into_iter().chain([c]))
            .collect();
        assert_eq!(Shared::decode(&wrapped), Ok(s.clone()));
        // The web page's Copy link: its address, the link as the fragment.
        let page = format!("https://example.org/loadlab/index.html?embed=1#{link}");
        assert_eq!(Shared::decode(&page), Ok(s));
    }

    #[test]
    fn a_pinned_scenario_travels_with_the_link() {
        let p = preset::find_bundled("compare-ksbf-ks-vs-none").expect("bundled");
        assert!(p.pinned.is_some());
        let back = Shared::decode(&Shared::new(p.clone()).encode()).unwrap();
        assert_eq!(back.preset.pinned, p.pinned);
    }

    #[test]
    fn every_damage_is_an_error_that_says_what() {
        let link = Shared::new(fig2()).encode();
        let body_at = "loadlab:1:".len();
        // Any single changed character of the body is caught (checksum or DEFLATE).
        for i in (body_at..link.len()).step_by(7) {
            let mut b = link.clone().into_bytes();
            b[i] = if b[i] == b'A' { b'B' } else { b'A' };
            let damaged = String::from_utf8(b).unwrap();
            let e = Shared::decode(&damaged).expect_err("damaged link accepted");
            assert!(e.contains("damaged") || e.contains("link"), "{e}");
        }
        let cut = &link[..link.len() - 5];
        assert!(Shared::decode(cut).unwrap_err().contains("damaged"));
        assert!(
            Shared::decode("https://example.org/x")
                .unwrap_err()
                .contains("not a loadlab link")
        );
        let newer = link.replacen("loadlab:1:", "loadlab:2:", 1);
        assert!(Shared::decode(&newer).unwrap_err().contains("newer"));
        assert!(
            Shared::decode("loadlab:1:abc$def")
                .unwrap_err()
                .contains("character 4")
        );
        assert!(Shared::decode("").is_err());
        assert!(Shared::decode("loadlab:1:").is_err());
    }

    /// A link whose body is `text`, packed as [`Shared::encode`] packs.
    fn packed(text: &str) -> String {
        let mut bytes = crc32fast::hash(text.as_bytes()).to_le_bytes().to_vec();
        bytes.extend(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 6));
        format!("loadlab:1:{}", URL_SAFE_NO_PAD.encode(bytes))
    }

    #[test]
    fn a_well_packed_link_with_a_bad_scenario_is_refused_by_the_preset_rules() {
        let good = ron::to_string(&Shared::new(fig2())).unwrap();
        // An unknown field, a foreign view name, an invalid parameter.
        let unknown = good.replacen("step:", "stepp:", 1);
        assert!(Shared::decode(&packed(&unknown)).is_err());
        let mut s = Shared::new(fig2());
        s.picture = Some("ring".into());
        let e = Shared::decode(&packed(&ron::to_string(&s).unwrap())).unwrap_err();
        assert!(e.contains("picture"), "{e}");
        let bad = good.replacen("version:1", "version:7", 1);
        assert!(Shared::decode(&packed(&bad)).unwrap_err().contains("newer"));
        // A bomb: a megabyte and more of one letter.
        let bomb = "a".repeat(MAX_TEXT + 10);
        let e = Shared::decode(&packed(&bomb)).unwrap_err();
        assert!(e.contains("1 MiB"), "{e}");
    }
}
