//! Whether the reader asked their system for reduced motion (the start of View ▸ Reduce
//! motion until they choose): the browser's `prefers-reduced-motion` media query on the web;
//! on the desktop `LOADLAB_REDUCE_MOTION=1`, or GTK's `gtk-enable-animations = false` (GNOME
//! and most Linux desktops write it in `settings.ini`).

/// The system's reduced-motion preference.
#[cfg(target_arch = "wasm32")]
pub fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// The system's reduced-motion preference (read once: the app asks again at every save).
#[cfg(not(target_arch = "wasm32"))]
pub fn prefers_reduced_motion() -> bool {
    static ASKED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ASKED.get_or_init(read_preference)
}

#[cfg(not(target_arch = "wasm32"))]
fn read_preference() -> bool {
    use std::path::PathBuf;
    if let Some(v) = std::env::var_os("LOADLAB_REDUCE_MOTION") {
        return v == "1";
    }
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")));
    let Some(config) = config else {
        return false;
    };
    ["gtk-4.0/settings.ini", "gtk-3.0/settings.ini"]
        .iter()
        .map(|f| config.join(f))
        // A settings file is a few lines: anything else (a huge or special file) is ignored.
        .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.len() < 1 << 20))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .any(|ini| gtk_animations_off(&ini))
}

/// Whether a GTK `settings.ini` turns animations off.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
fn gtk_animations_off(ini: &str) -> bool {
    ini.lines().filter_map(|l| l.split_once('=')).any(|(k, v)| {
        k.trim() == "gtk-enable-animations" && matches!(v.trim(), "0" | "false" | "FALSE")
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn gtk_settings_that_turn_animations_off() {
        use super::gtk_animations_off as off;
        assert!(off("[Settings]\ngtk-enable-animations = false\n"));
        assert!(off(
            "[Settings]\ngtk-theme-name=Adwaita\ngtk-enable-animations=0"
        ));
        assert!(!off("[Settings]\ngtk-enable-animations=true"));
        assert!(!off("[Settings]\n# gtk-enable-animations is not set\n"));
    }
}
