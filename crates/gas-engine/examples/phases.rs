use boa_engine::{Context, Source};
use std::time::Instant;
fn main() {
    let n = 3000;
    let t = Instant::now();
    for _ in 0..n {
        let _c = Context::builder().build().unwrap();
    }
    println!("context build: {:.3} ms", t.elapsed().as_secs_f64() * 1000.0 / n as f64);
    let prelude = include_str!("../src/js/prelude.js");
    let t = Instant::now();
    for _ in 0..300 {
        let mut c = Context::builder().build().unwrap();
        c.register_global_property(boa_engine::js_string!("__gas_call"), 1, boa_engine::property::Attribute::all())
            .unwrap();
        c.register_global_property(boa_engine::js_string!("__gas_log"), 1, boa_engine::property::Attribute::all())
            .unwrap();
        c.eval(Source::from_bytes(prelude)).unwrap();
    }
    println!("build + parse + eval prelude: {:.3} ms", t.elapsed().as_secs_f64() * 1000.0 / 300.0);
}
