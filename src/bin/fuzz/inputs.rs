//! Grammar-aware random inputs: numbers as typed (with the hostile ones: huge, tiny, NaN, inf,
//! −0, 1e-320, 400-digit strings), matrices in the matrix syntax (0 × 0 to 200 × 200, ragged,
//! with bad cells), names (control and right-to-left characters, a BOM, markup, separators),
//! lists, and text mutations (bad percent-escapes, `\r\n` and `\r`, unterminated quotes).

use rand::{Rng, RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The numbers a hostile or careless input holds, as text.
const SPECIAL_NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "0.5",
    "1e-320",
    "5e-324",
    "-5e-324",
    "1e-70",
    "1e-7",
    "1e15",
    "1e15",
    "1.0000000000000002e15",
    "1e16",
    "-1e15",
    "1e308",
    "1.7976931348623157e308",
    "1e309",
    "-1e308",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "Infinity",
    "1e",
    "--1",
    "+3",
    ".5",
    "5.",
    "0x10",
    "1_000",
    "1,5",
    "0.1e-2",
    "2.2250738585072014e-308",
    "4503599627370497",
    "9007199254740993",
    "18446744073709551616",
    "1.0000009",
    "0.9999999",
    "",
    " ",
    "٣",
    "１",
    "1e-400",
    "-1e-320",
];

/// Characters that break naive text handling.
const HOSTILE_CHARS: &[&str] = &[
    "\u{feff}", "\u{202e}", "\u{200f}", "\u{0}", "\u{7}", "\t", "\r", "\n", "\r\n", "\u{2028}",
    "é", "中", "🙂", "<b>", "&amp;", "\"", "'", ",", ";", "=", "&", "#", "%", "%zz", "%4",
    "%C3%28", "%00", "%FF", "%2C", "%26", "%3D", "\\", " ", "…", "−",
];

/// A seeded generator of inputs.
pub struct Gen {
    rng: Xoshiro256PlusPlus,
}

impl Gen {
    /// The generator of `seed`.
    pub fn new(seed: u64) -> Gen {
        Gen {
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// A uniform integer in `0..n` (0 for `n = 0`).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.rng.random_range(0..n)
        }
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.rng.random::<f64>() < p
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// One of `items` (text).
    pub fn word(&mut self, items: &[&'static str]) -> &'static str {
        items[self.below(items.len())]
    }

    /// A raw 64-bit value.
    pub fn bits(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// A uniform real in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        self.rng.random()
    }

    /// A size: mostly small, sometimes 0, 1, the limits and just beyond them.
    pub fn size(&mut self) -> usize {
        match self.below(40) {
            0 | 1 => 0,
            2 | 3 => 1,
            4 => *self.pick(&[50, 99, 100, 101, 199, 200, 201]),
            5..=11 => 3 + self.below(8),
            _ => 2,
        }
    }

    /// `n`, or now and then another size.
    pub fn about(&mut self, n: usize) -> usize {
        if self.chance(0.8) { n } else { self.size() }
    }

    /// A real value for the core's numeric inputs: ordinary, extreme or non-finite.
    pub fn real(&mut self) -> f64 {
        match self.below(16) {
            0 => *self.pick(&[
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::MAX,
                f64::MIN_POSITIVE,
                5e-324,
                -0.0,
                1e15,
                1e16,
                -1e15,
                1e308,
            ]),
            1 => f64::from_bits(self.bits()),
            2 => 10f64.powi(self.below(700) as i32 - 350),
            3 => -(10f64.powi(self.below(40) as i32 - 20)),
            4..=8 => self.below(1000) as f64,
            9..=11 => self.unit(),
            _ => (self.unit() - 0.5) * 400.0,
        }
    }

    /// A non-negative real, as a count or a share: mostly ordinary.
    pub fn count(&mut self) -> f64 {
        match self.below(10) {
            0 => self.real().abs(),
            1 => 0.0,
            2 => self.unit(),
            _ => self.below(200) as f64,
        }
    }

    /// A number as text: plain, exponent, special, or a long run of digits.
    pub fn number(&mut self) -> String {
        match self.below(12) {
            0..=1 => self.pick(SPECIAL_NUMBERS).to_string(),
            2 => format!("{:e}", self.real()),
            3 => format!("{}", self.real()),
            4 => {
                let digits: String = (0..self.below(500))
                    .map(|_| char::from(b'0' + self.below(10) as u8))
                    .collect();
                format!("0.{digits}1")
            }
            5 => format!("{:.3}", self.unit()),
            6 => format!("-{}", self.below(1000)),
            _ => self.below(100).to_string(),
        }
    }

    /// `count` numbers joined by `sep`.
    pub fn numbers(&mut self, count: usize, sep: &str) -> String {
        (0..count)
            .map(|_| self.number())
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// A matrix in the matrix syntax, `rows × cols`, with the occasional bad cell, ragged row,
    /// blank, tab or trailing `;`.
    pub fn matrix_of(&mut self, rows: usize, cols: usize) -> String {
        let clean = self.chance(0.7);
        let mut out = String::new();
        for i in 0..rows {
            if i > 0 {
                out.push(';');
            }
            let c = if !clean && self.chance(0.1) {
                self.size()
            } else {
                cols
            };
            for j in 0..c {
                if j > 0 {
                    out.push(if !clean && self.chance(0.02) {
                        ';'
                    } else {
                        ','
                    });
                }
                if clean {
                    out.push_str(&self.below(60).to_string());
                } else if rows * cols > 64 {
                    // Big matrices: short numbers (the long ones are tried on small ones).
                    let t = self.number();
                    out.push_str(if t.len() > 30 { "1e-320" } else { &t });
                } else {
                    out.push_str(&self.number());
                }
                if !clean && self.chance(0.03) {
                    out.push_str(self.word(&[" ", "\t", "  "]));
                }
            }
        }
        if !clean && self.chance(0.1) {
            out.push(';');
        }
        out
    }

    /// A matrix of a random size (sometimes 0 × 0 or 200 × 200).
    pub fn matrix(&mut self) -> String {
        let r = self.size();
        let c = if self.chance(0.8) { r } else { self.size() };
        self.matrix_of(r, c)
    }

    /// A name: a word, with hostile characters now and then, sometimes very long or empty.
    pub fn name(&mut self) -> String {
        match self.below(12) {
            0 => String::new(),
            1 => "x".repeat(self.below(200)),
            2..=4 => {
                let mut s = String::new();
                for _ in 0..1 + self.below(4) {
                    s.push_str(self.word(HOSTILE_CHARS));
                    s.push_str(self.word(&["a", "B", "long", "0"]));
                }
                s
            }
            _ => self
                .pick(&[
                    "A", "B", "long", "short", "spam", "pos", "neg", "0", "1", "cat",
                ])
                .to_string(),
        }
    }

    /// `count` names joined by `,`.
    pub fn names(&mut self, count: usize) -> String {
        (0..count)
            .map(|_| self.name())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// `text` mutated: a character inserted, deleted or replaced, a hostile character or
    /// percent-escape added, line ends changed, cut short.
    pub fn mutate(&mut self, text: &str) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        for _ in 0..1 + self.below(3) {
            let at = self.below(chars.len() + 1);
            match self.below(7) {
                0 if at < chars.len() => {
                    chars.remove(at);
                }
                1 => {
                    let ins: Vec<char> = self.pick(HOSTILE_CHARS).chars().collect();
                    chars.splice(at..at, ins);
                }
                2 => {
                    let ins: Vec<char> = self.number().chars().collect();
                    chars.splice(at..at, ins);
                }
                3 => chars.truncate(at),
                4 if at < chars.len() => chars[at] = char::from(self.below(128) as u8),
                5 => {
                    let s: String = chars.iter().collect();
                    chars = s
                        .replace('\n', self.word(&["\r\n", "\r", "\n\n"]))
                        .chars()
                        .collect();
                }
                _ if chars.len() < 100_000 => {
                    let dup: Vec<char> = chars[..at].to_vec();
                    chars.extend(dup);
                }
                _ => {}
            }
        }
        chars.into_iter().collect()
    }

    /// Random printable and control characters.
    pub fn noise(&mut self, max: usize) -> String {
        (0..self.below(max + 1))
            .map(|_| match self.below(10) {
                0 => self.pick(HOSTILE_CHARS).to_string(),
                1 => char::from_u32(self.below(0x3000) as u32)
                    .unwrap_or('?')
                    .to_string(),
                _ => char::from(32 + self.below(95) as u8).to_string(),
            })
            .collect()
    }
}
