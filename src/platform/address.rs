//! The web page's address: what `index.html?…#…` asks for, and the address that shows the
//! app's state. Plain string work, the same on both platforms (tested on the desktop).
//!
//! - `#loadlab:1:…` — a share link ([`crate::link`]): that scenario, step, picture and plot.
//! - `#lesson=NAME&step=K` — a bundled lesson at step K (1-based; the first when absent).
//! - `?embed=1` — only the stage: presenter mode without the menu bar (for an iframe).

use crate::link::Shared;
use crate::ui::commands::Cmd;

/// What the address asks for.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Address {
    /// The fragment: a link, a lesson step, or nothing.
    pub target: Target,
    /// `?embed=1`: the stage only.
    pub embed: bool,
}

/// What the fragment names.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Target {
    /// Nothing: the last session (or the default scenario).
    #[default]
    Nothing,
    /// A share link, `loadlab:1:…`.
    Link(String),
    /// A lesson by name, at a 1-based step.
    Lesson { name: String, step: Option<String> },
}

/// Reads `search` (`?…`, the query) and `hash` (`#…`, the fragment).
pub fn parse(search: &str, hash: &str) -> Address {
    let query = search.trim_start_matches('?');
    let embed = pairs(query).any(|(k, v)| k == "embed" && v != "0");
    let hash = hash.trim_start_matches('#');
    let target = if hash.starts_with(crate::link::PREFIX) {
        Target::Link(hash.to_string())
    } else if let Some((_, name)) = pairs(hash).find(|(k, _)| *k == "lesson") {
        Target::Lesson {
            name: name.to_string(),
            step: pairs(hash)
                .find(|(k, _)| *k == "step")
                .map(|(_, v)| v.to_string()),
        }
    } else {
        Target::Nothing
    };
    Address { target, embed }
}

/// `a=1&b=2` as pairs (a key alone has the value "").
fn pairs(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
}

/// The commands that open what `target` names; an error says what is wrong with it. A
/// lesson already `playing` (its name and 0-based step: the one a reload of the page put
/// back, replies and all) is gone on with, not started afresh.
pub fn commands(target: &Target, playing: Option<(&str, usize)>) -> Result<Vec<Cmd>, String> {
    match target {
        Target::Nothing => Ok(Vec::new()),
        Target::Link(link) => Ok(vec![Cmd::OpenLink(Box::new(Shared::decode(link)?))]),
        Target::Lesson { name, step } => {
            // By its name or its file's ("li" or "li-divisible"), as `gui --lesson` takes it.
            let Some((i, lesson)) = crate::lesson::find_bundled_at(name) else {
                let names: Vec<String> = crate::lesson::BUNDLED
                    .iter()
                    .filter_map(|b| b.lesson().ok().map(|l| l.name))
                    .collect();
                return Err(format!(
                    "lesson={name}: not a bundled lesson (there are {})",
                    names.join(", ")
                ));
            };
            let n = lesson.steps.len();
            let k = match step {
                None => 1,
                Some(s) => s
                    .parse::<usize>()
                    .ok()
                    .filter(|k| (1..=n).contains(k))
                    .ok_or_else(|| format!("step={s}: the lesson {name} has steps 1 to {n}"))?,
            };
            let name = &lesson.name;
            Ok(match playing {
                Some((p, at)) if p == name && at == k - 1 => Vec::new(),
                Some((p, _)) if p == name => vec![Cmd::LessonStep(k - 1)],
                // The step said last: a return's "back at step 3" stood beside step 6.
                _ => vec![
                    Cmd::ReturnToLesson(i),
                    Cmd::LessonStep(k - 1),
                    Cmd::Inform(format!("Lesson “{}”: step {k} of {n}", lesson.title)),
                ],
            })
        }
    }
}

/// What Edit ▸ Copy link copies: on the web the page's own address with the link as its
/// fragment, which opens the page at that state wherever it is pasted (a chat, the address
/// bar); on the desktop the link itself (`loadlab gui --link` and Edit ▸ Paste link open it,
/// and they take the web's address as well).
pub fn shareable(link: &str) -> String {
    match page() {
        Some(page) => format!("{page}#{link}"),
        None => link.to_owned(),
    }
}

/// The link to step `index` (0-based) of the lesson `name`, as Edit ▸ Copy link copies it
/// while a lesson plays: on the web the page's address with the lesson's fragment (what the
/// address bar shows), on the desktop the fragment, `#lesson=NAME&step=K`. A question's step
/// opens with its question (the scenario's link gave its answer away).
pub fn shareable_lesson(name: &str, index: usize) -> String {
    let fragment = fragment("", Some((name, index)));
    match page() {
        Some(page) => format!("{page}{fragment}"),
        None => fragment,
    }
}

/// What a pasted link opens (Edit ▸ Paste link, `loadlab gui --link`): in words, and as
/// commands. A share link (`loadlab:1:…`, or an address ending in `#loadlab:1:…`) opens its
/// scenario; a lesson's (`…#lesson=NAME&step=K`, or `lesson=NAME&step=K`) its step.
pub fn pasted(text: &str) -> Result<(String, Vec<Cmd>), String> {
    let text = text.trim();
    let lesson = match text.split_once("#lesson=") {
        Some((_, rest)) => Some(rest),
        None => text.strip_prefix("lesson="),
    };
    let Some(rest) = lesson else {
        let shared = Shared::decode(text)?;
        let what = format!(
            "{} ({}), step {}",
            shared.preset.name,
            shared.preset.scenario.model_name(),
            shared.step
        );
        return Ok((what, vec![Cmd::OpenLink(Box::new(shared))]));
    };
    let cmds = commands(&parse("", &format!("lesson={rest}")).target, None)?;
    // What the status bar will say once it is open: the lesson and the step.
    let what = cmds
        .iter()
        .find_map(|c| match c {
            Cmd::Inform(said) => Some(said.clone()),
            _ => None,
        })
        .unwrap_or_default();
    Ok((what, cmds))
}

/// The page's address without its fragment (None off the web).
#[cfg(target_arch = "wasm32")]
fn page() -> Option<String> {
    let l = web_sys::window()?.location();
    let search = l.search().unwrap_or_default();
    Some(format!(
        "{}{}{search}",
        l.origin().ok()?,
        l.pathname().ok()?
    ))
}

/// The page's address without its fragment (None off the web).
#[cfg(not(target_arch = "wasm32"))]
fn page() -> Option<String> {
    None
}

/// The fragment that shows the app's state: the lesson step while a lesson plays, else the
/// share link.
pub fn fragment(link: &str, lesson: Option<(&str, usize)>) -> String {
    match lesson {
        Some((name, index)) => format!("#lesson={name}&step={}", index + 1),
        None => format!("#{link}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_links_lessons_and_embed() {
        let a = parse("?embed=1", "#loadlab:1:abc");
        assert_eq!(a.target, Target::Link("loadlab:1:abc".into()));
        assert!(a.embed);
        let a = parse("", "#lesson=rrv&step=3");
        assert_eq!(
            a.target,
            Target::Lesson {
                name: "rrv".into(),
                step: Some("3".into())
            }
        );
        assert!(!a.embed);
        assert!(!parse("?embed=0", "").embed);
        assert_eq!(parse("", "").target, Target::Nothing);
        assert_eq!(parse("?x", "#other").target, Target::Nothing);
    }

    #[test]
    fn a_lesson_step_opens_and_a_wrong_one_is_named() {
        let first = crate::lesson::BUNDLED[0].lesson().unwrap();
        let t = Target::Lesson {
            name: first.name.clone(),
            step: Some("2".into()),
        };
        let cmds = commands(&t, None).unwrap();
        assert!(matches!(
            cmds[..],
            [Cmd::ReturnToLesson(0), Cmd::LessonStep(1), Cmd::Inform(_)]
        ));
        // Said last, the step gone to (not the step a return to the lesson comes back at).
        let said = format!("Lesson “{}”: step 2 of {}", first.title, first.steps.len());
        assert!(matches!(&cmds[2], Cmd::Inform(t) if *t == said));
        let n = first.steps.len();
        let bad = Target::Lesson {
            name: first.name.clone(),
            step: Some((n + 1).to_string()),
        };
        assert!(
            commands(&bad, None)
                .unwrap_err()
                .contains(&format!("steps 1 to {n}"))
        );
        let none = Target::Lesson {
            name: "no-such-lesson".into(),
            step: None,
        };
        assert!(
            commands(&none, None)
                .unwrap_err()
                .contains("not a bundled lesson")
        );
        assert!(commands(&Target::Link("loadlab:1:%%".into()), None).is_err());
        // The lesson a reload put back goes on at the address's step, replies kept.
        let playing = Some((first.name.as_str(), 0));
        assert!(matches!(
            commands(&t, playing).unwrap()[..],
            [Cmd::LessonStep(1)]
        ));
        let here = Some((first.name.as_str(), 1));
        assert!(commands(&t, here).unwrap().is_empty());
        assert!(matches!(
            commands(&t, Some(("another", 1))).unwrap()[..],
            [Cmd::ReturnToLesson(0), Cmd::LessonStep(1), Cmd::Inform(_)]
        ));
        assert_eq!(
            fragment("loadlab:1:x", Some(("rrv", 2))),
            "#lesson=rrv&step=3"
        );
        assert_eq!(fragment("loadlab:1:x", None), "#loadlab:1:x");
    }

    #[test]
    fn a_pasted_lesson_link_opens_its_step_and_a_share_link_its_scenario() {
        let first = crate::lesson::BUNDLED[0].lesson().unwrap();
        let link = shareable_lesson(&first.name, 1);
        assert_eq!(link, format!("#lesson={}&step=2", first.name));
        for text in [
            link.clone(),
            format!("https://example.org/loadlab/index.html{link}"),
            format!("  lesson={}&step=2\n", first.name),
        ] {
            let (what, cmds) = pasted(&text).unwrap();
            assert!(
                matches!(
                    cmds[..],
                    [Cmd::ReturnToLesson(0), Cmd::LessonStep(1), Cmd::Inform(_)]
                ),
                "{text}"
            );
            let n = first.steps.len();
            assert_eq!(what, format!("Lesson “{}”: step 2 of {n}", first.title));
        }
        assert!(
            pasted("#lesson=nope")
                .unwrap_err()
                .contains("not a bundled lesson")
        );
        // A lesson's file name (as `gui --lesson` and walk.sh take it) names it too.
        let file = crate::lesson::BUNDLED[0].file.trim_end_matches(".ron");
        let (_, cmds) = pasted(&format!("#lesson={file}&step=2")).unwrap();
        assert!(matches!(
            cmds[..],
            [Cmd::ReturnToLesson(0), Cmd::LessonStep(1), _]
        ));
        let share = crate::link::Shared::new(crate::preset::default_preset()).encode();
        let (_, cmds) = pasted(&share).unwrap();
        assert!(matches!(cmds[..], [Cmd::OpenLink(_)]));
        assert!(pasted("loadlab:1:%%").is_err());
    }
}
