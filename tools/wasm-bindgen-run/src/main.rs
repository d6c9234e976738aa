//! `wasm-bindgen-run INPUT.wasm OUT_DIR`: writes `OUT_DIR/loadlab.js` and
//! `OUT_DIR/loadlab_bg.wasm` from the module rustc built, exactly as
//! `wasm-bindgen --target web --no-typescript --out-name loadlab` of the same version does
//! (the options below are that command's, spelled out).

use std::process::ExitCode;

use wasm_bindgen_cli_support::Bindgen;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, out_dir] = args.as_slice() else {
        eprintln!("error: usage: wasm-bindgen-run INPUT.wasm OUT_DIR");
        return ExitCode::from(2);
    };
    let mut bindgen = Bindgen::new();
    let generated = bindgen.web(true).and_then(|b| {
        b.input_path(input)
            .typescript(false)
            // The command line's default, unlike the library's.
            .omit_default_module_path(false)
            .out_name("loadlab")
            .generate(out_dir)
    });
    match generated {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: wasm-bindgen: {e:#}");
            ExitCode::FAILURE
        }
    }
}
