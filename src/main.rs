//! `loadlab`: no arguments opens the GUI; subcommands run headless (see `loadlab --help`).

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;
use loadlab::cli::{self, Cli, Command, GuiView};
use loadlab::ui::commands::{Cmd, View};

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    // One line, no usage block, no backtrace.
    let text = msg.to_string();
    let line = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("unknown error");
    let line = line.trim().trim_start_matches("error:").trim();
    eprintln!("error: {}", shortened(line));
    ExitCode::from(2)
}

/// A line of at most about 1000 characters: clap quotes the offending value whole, and a value
/// may be 100 kB long; the middle goes, the reason at the end stays.
fn shortened(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= 1000 {
        return line.to_string();
    }
    let head: String = chars[..300].iter().collect();
    let tail: String = chars[chars.len() - 600..].iter().collect();
    format!("{head}… ({} characters) …{tail}", chars.len())
}

/// A command-line error of clap's in one line: its message and tips without the usage block
/// (the first line alone said "the following required arguments were not provided:" and not
/// which), or for a command given without its subcommand or arguments, its usage.
fn clap_line(e: &clap::Error) -> String {
    let text = e.to_string();
    let usage = || {
        text.lines()
            .find_map(|l| l.trim().strip_prefix("Usage:"))
            .map_or("loadlab --help".to_string(), |u| u.trim().to_string())
    };
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand
    ) {
        let usage = usage();
        return format!("this command needs more: {usage} (see its --help)");
    }
    let (mut line, mut listing) = (String::new(), false);
    for part in text
        .lines()
        .map(|l| l.trim().trim_start_matches("error:").trim())
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
    {
        // The lines after "…not provided:" list what is missing; a tip is a sentence.
        let tip = part.starts_with("tip:");
        if !line.is_empty() {
            line.push_str(match (line.ends_with(':'), listing && !tip) {
                (true, _) => " ",
                (false, true) => ", ",
                (false, false) => "; ",
            });
        }
        listing = part.ends_with(':') || (listing && !tip);
        line.push_str(part);
    }
    line
}

/// Every non-empty line of `msg` as an `error:` line, status 2.
fn fail_lines(msg: impl std::fmt::Display) -> ExitCode {
    let text = msg.to_string();
    let mut lines = text.lines().filter(|l| !l.trim().is_empty()).peekable();
    if lines.peek().is_none() {
        return fail(text);
    }
    for line in lines {
        eprintln!(
            "error: {}",
            shortened(line.trim().trim_start_matches("error:").trim())
        );
    }
    ExitCode::from(2)
}

fn main() -> ExitCode {
    // A bug must still end as one `error:` line with status 2, never as panic text.
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".into());
        if loadlab::jobs::is_job_thread() {
            // The job catches it and shows it where its result would be: the app lives on.
            let _ = writeln!(
                std::io::stderr(),
                "internal error in a background job: {msg}"
            );
            return;
        }
        let _ = writeln!(
            std::io::stderr(),
            "error: internal error: {}",
            msg.lines().next().unwrap_or("")
        );
        std::process::exit(2);
    }));
    let args = match Cli::try_parse() {
        Ok(a) => a,
        Err(e) => {
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = e.print();
                    ExitCode::SUCCESS
                }
                _ => fail(clap_line(&e)),
            };
        }
    };
    match args.command {
        None => run_gui(None, false, Vec::new()),
        Some(Command::Gui {
            preset,
            presenter,
            lesson,
            lesson_step,
            view,
            link,
        }) => match lesson_commands(lesson.as_deref(), lesson_step) {
            Ok(mut cmds) => {
                if let Some(l) = link {
                    match loadlab::platform::address::pasted(&l) {
                        Ok((_, opened)) => cmds.extend(opened),
                        Err(e) => return fail(format!("--link: {e}")),
                    }
                }
                if let Some(v) = view {
                    cmds.insert(
                        0,
                        Cmd::View(match v {
                            GuiView::Workspace => View::Workspace,
                            GuiView::Map => View::Map,
                            GuiView::Compare => View::Compare,
                        }),
                    );
                }
                // An attempt file (Homework ▸ Hand in…) opens in its replay; a folder of them in
                // the gradebook.
                let (preset, opened) = match preset {
                    Some(p) if p.ends_with(".json") => (None, Some(Cmd::OpenAttemptFrom(p.into()))),
                    Some(p) if std::path::Path::new(&p).is_dir() => {
                        (None, Some(Cmd::GradebookOf(p.into())))
                    }
                    p => (p, None),
                };
                cmds.extend(opened);
                run_gui(preset, presenter, cmds)
            }
            Err(e) => fail(e),
        },
        // The gradebook prints every row, then fails when a file could not be graded.
        Some(Command::Grade(a)) => match cli::grade::execute(&a) {
            Ok((out, all, notes)) => {
                let printed = cli::print(&out);
                // What a folder held besides attempt files: after the rows, on stderr.
                for note in &notes {
                    eprintln!("{note}");
                }
                match printed {
                    Ok(()) if all => ExitCode::SUCCESS,
                    Ok(()) => {
                        eprintln!("error: some attempt files could not be graded (see their rows)");
                        ExitCode::from(1)
                    }
                    Err(e) => fail(e),
                }
            }
            Err(e) => fail_lines(e),
        },
        Some(cmd) => match cli::execute(&cmd) {
            Ok(out) => match cli::print(&out) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(e),
            },
            // Each line of a command's error is one `error:` line (`lesson --check` lists
            // every failing step).
            Err(e) => fail_lines(e),
        },
    }
}

/// The commands that start `--lesson NAME` (a file, or a bundled lesson) at `--lesson-step`.
fn lesson_commands(lesson: Option<&str>, step: Option<usize>) -> Result<Vec<Cmd>, String> {
    let Some(name) = lesson else {
        return Ok(Vec::new());
    };
    let l = loadlab::lesson::resolve(name).map_err(|e| format!("--lesson: {e}"))?;
    let path = std::path::Path::new(name);
    let mut cmds = vec![if path.exists() {
        Cmd::OpenPath(path.to_path_buf())
    } else {
        let i = loadlab::lesson::BUNDLED
            .iter()
            .position(|b| b.lesson().is_ok_and(|b| b.name == l.name))
            .ok_or_else(|| format!("--lesson: {name}: not a bundled lesson"))?;
        Cmd::StartLesson(i)
    }];
    if let Some(k) = step {
        if k == 0 || k > l.steps.len() {
            return Err(format!(
                "--lesson-step: {k}: the lesson has steps 1 to {}",
                l.steps.len()
            ));
        }
        cmds.push(Cmd::LessonStep(k - 1));
    }
    Ok(cmds)
}

fn run_gui(preset: Option<String>, presenter: bool, startup: Vec<Cmd>) -> ExitCode {
    // A preset that cannot be opened (no such file or bundled preset, unreadable, not a
    // preset) is refused before the window opens, as `--lesson` is: one `error:` line.
    let initial = match preset.as_deref().map(cli::resolve_preset).transpose() {
        Ok(p) => p,
        Err(e) => return fail(e.to_string()),
    };
    match loadlab::platform::window::run(Ok(initial), presenter, startup) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(format!("cannot open the window: {e}")),
    }
}
