//! The JSON reader and writer against serde_json: numbers bit for bit, any edit of a JSON
//! text read (or refused) as serde_json reads it, the core's types both ways.

use super::*;
use proptest::prelude::*;
use ulab_core::mc::question::QuestionConfig;
use ulab_core::{ConfusionMatrix, DecisionCounts, Matrix, Orientation, UtilityMatrix};

fn question() -> QuestionConfig {
    let u = UtilityMatrix::parse("15,-335;-35,165;0,0").unwrap();
    let a = ConfusionMatrix::parse("27,15;23,35", Orientation::OutputRows).unwrap();
    let mut q = QuestionConfig::new(u, vec![a]);
    q.prevalence = Some(vec![0.3, 0.7]);
    q.remap = Some(vec![vec![0, 2]]);
    q.decided = vec![DecisionCounts::new(Matrix::parse("27,15;13,5;10,30").unwrap()).unwrap()];
    q
}

#[test]
fn the_cores_types_agree_with_serde_both_ways() {
    let q = question();
    let mine = to_json(&q);
    let theirs = serde_json::to_string(&q).unwrap();
    let value = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap();
    assert_eq!(value(&mine), value(&theirs));
    assert_eq!(serde_json::from_str::<QuestionConfig>(&mine).unwrap(), q);
    assert_eq!(from_json::<QuestionConfig>(&theirs).unwrap(), q);
    // Read through the constructors: a shape that does not hold is refused.
    let bad = theirs.replace(r#""rows":2,"cols":2"#, r#""rows":2,"cols":3"#);
    assert!(matches!(
        from_json::<QuestionConfig>(&bad),
        Err(Bad::Invalid(_))
    ));
    assert!(serde_json::from_str::<QuestionConfig>(&bad).is_err());
}

proptest! {
    #[test]
    fn numbers_travel_bit_for_bit(x in any::<f64>(), n in any::<u64>(), i in any::<i64>()) {
        prop_assume!(x.is_finite());
        let mut w = Writer::default();
        w.begin();
        w.key("x");
        w.f64(x);
        w.key("n");
        w.uint(n);
        w.key("i");
        w.int(i);
        w.close();
        let text = w.finish();
        let v = parse(&text).unwrap();
        prop_assert_eq!(v.get("x").unwrap().f64().unwrap().to_bits(), x.to_bits());
        prop_assert_eq!(v.get("n").unwrap().u64().unwrap(), n);
        prop_assert_eq!(v.get("i").unwrap().i64().unwrap(), i);
        // serde_json (float_roundtrip) reads the same numbers.
        let s: serde_json::Value = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(s["x"].as_f64().unwrap().to_bits(), x.to_bits());
        prop_assert_eq!(s["n"].as_u64().unwrap(), n);
        prop_assert_eq!(s["i"].as_i64().unwrap(), i);
    }

    #[test]
    fn any_edit_of_json_is_read_as_serde_json_reads_it(
        k in 0usize..10_000,
        c in prop::sample::select(vec!['[', ']', '{', '}', ':', ',', '"', '\\', 'u', 'e', '-', '+', '.', '0', '9', 'd', ' ', '\n', '\u{1}', 'é']),
        op in 0u8..3,
    ) {
        let question = to_json(&question());
        for base in [
            "[1,2]",
            r#"{"a":[1,{"b":null}],"c":"x\u00e9\n\"","d":-0.5e+3}"#,
            r#"[true,false,null,0,-0,1E9,""]"#,
            r#""\ud83d\ude00\/""#,
            &question,
        ] {
            let mut chars: Vec<char> = base.chars().collect();
            let at = k % (chars.len() + 1);
            match op {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 => chars.insert(at, c),
                _ if at < chars.len() => chars[at] = c,
                _ => {}
            }
            let text: String = chars.into_iter().collect();
            let mine = parse(&text);
            let theirs = serde_json::from_str::<serde_json::Value>(&text);
            // serde_json refuses a number out of f64's range while reading; this reader when
            // the number is read as its field's type.
            let out_of_range = theirs.as_ref().is_err_and(|e| e.to_string().contains("out of range"));
            if !out_of_range {
                prop_assert_eq!(mine.is_ok(), theirs.is_ok(), "{}: {:?} {:?}", text, mine, theirs);
            }
        }
    }

}
