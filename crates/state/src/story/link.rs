//! The story's link key, `step=N`, and the number of steps it may name.

use crate::link::error::LinkError;
use crate::link::key::Key;

/// Number of steps of the story view.
pub const STORY_STEPS: usize = 8;

/// The story's key: `step=N` (1-based in links, 0-based in the state).
pub const LINK_KEYS: [Key; 1] = [Key::value(
    "step",
    "1–8",
    "the story's step",
    |v, s| {
        let step = ulab_core::text::parse_whole(v)
            .filter(|k| (1..=STORY_STEPS as u64).contains(k))
            .ok_or_else(|| LinkError::rejected(v, 20, format!("a step from 1 to {STORY_STEPS}")))?;
        s.step = step as usize - 1;
        Ok(())
    },
    |s, out| {
        if s.step != 0 {
            out.push(format!("step={}", s.step + 1))
        }
    },
)];
