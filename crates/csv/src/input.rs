//! The text of a CSV file as it arrives, in pieces (slices of a file's bytes, or a whole
//! text): decoded as UTF-8 the way browsers decode a file (an invalid sequence becomes one
//! U+FFFD, a sequence cut between two pieces is joined), with every line end made `\n` (`\r\n`
//! and a bare `\r`, even when cut between two pieces), and kept only from the first byte not
//! yet parsed. Work per piece is linear in the piece (plus the unparsed rest, at most a
//! record), so a page can feed a 20 MB file a megabyte at a time.

/// More bytes came than the reader takes: how many had come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// Bytes received (before decoding).
    pub bytes: usize,
}

/// The decoded, normalized text received and not yet parsed.
#[derive(Debug, Clone, Default)]
pub(super) struct Input {
    /// The most bytes taken.
    max: usize,
    /// The text kept: `text[pos..]` is not parsed yet.
    text: String,
    /// Offset of the first unparsed byte in `text`.
    pos: usize,
    /// Bytes of text parsed and dropped before `text[0]`.
    dropped: usize,
    /// The start of a UTF-8 sequence cut at the end of the last piece of bytes.
    cut: Vec<u8>,
    /// The last piece ended with `\r` (a `\n` may follow in the next one).
    cr: bool,
    /// Bytes received (before decoding).
    received: usize,
    /// No more pieces will come.
    ended: bool,
}

/// `piece` with every `\r\n` and bare `\r` made `\n`, appended to `out`; `cr` carries a `\r`
/// that ends a piece into the next one (whose leading `\n` it then absorbs).
fn push_normalized(out: &mut String, cr: &mut bool, piece: &str) {
    let mut s = piece;
    if s.is_empty() {
        return;
    }
    if std::mem::take(cr) {
        out.push('\n');
        s = s.strip_prefix('\n').unwrap_or(s);
    }
    if !s.contains('\r') {
        out.push_str(s);
        return;
    }
    if let Some(head) = s.strip_suffix('\r') {
        *cr = true;
        s = head;
    }
    out.push_str(&s.replace("\r\n", "\n").replace('\r', "\n"));
}

impl Input {
    /// An input that takes at most `max` bytes.
    pub(super) fn new(max: usize) -> Input {
        Input {
            max,
            ..Input::default()
        }
    }

    /// Takes `bytes` as the next piece of the file.
    ///
    /// # Errors
    /// [`TooLarge`] once more than the input's `max` bytes have come.
    pub(super) fn push_bytes(&mut self, bytes: &[u8]) -> Result<(), TooLarge> {
        self.count(bytes.len())?;
        let joined;
        let mut rest: &[u8] = if self.cut.is_empty() {
            bytes
        } else {
            let mut j = std::mem::take(&mut self.cut);
            j.extend_from_slice(bytes);
            joined = j;
            &joined
        };
        let mut decoded = String::with_capacity(rest.len());
        while !rest.is_empty() {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    decoded.push_str(s);
                    rest = &[];
                }
                Err(e) => {
                    let (good, after) = rest.split_at(e.valid_up_to());
                    decoded.push_str(std::str::from_utf8(good).unwrap_or_default());
                    match e.error_len() {
                        Some(n) => {
                            decoded.push('\u{FFFD}');
                            rest = &after[n..];
                        }
                        None => {
                            // Cut at the end of the piece: wait for the next one.
                            self.cut = after.to_vec();
                            rest = &[];
                        }
                    }
                }
            }
        }
        self.append(&decoded);
        Ok(())
    }

    /// Takes `text` as the next piece of the file.
    ///
    /// # Errors
    /// [`TooLarge`] once more than the input's `max` bytes have come.
    pub(super) fn push_str(&mut self, text: &str) -> Result<(), TooLarge> {
        self.count(text.len())?;
        if !self.cut.is_empty() {
            // Bytes then text: the cut sequence is invalid.
            self.cut.clear();
            self.append("\u{FFFD}");
        }
        self.append(text);
        Ok(())
    }

    fn count(&mut self, n: usize) -> Result<(), TooLarge> {
        self.received = self.received.saturating_add(n);
        if self.received > self.max {
            return Err(TooLarge {
                bytes: self.received,
            });
        }
        Ok(())
    }

    /// Appends decoded text; first drops the parsed part (so the text kept is at most the
    /// unparsed rest and the new piece).
    fn append(&mut self, decoded: &str) {
        if self.pos > 0 {
            self.text.drain(..self.pos);
            self.dropped += self.pos;
            self.pos = 0;
        }
        push_normalized(&mut self.text, &mut self.cr, decoded);
    }

    /// No more pieces: a cut UTF-8 sequence becomes U+FFFD, a last `\r` a line end.
    pub(super) fn end(&mut self) {
        if self.ended {
            return;
        }
        if !self.cut.is_empty() {
            self.cut.clear();
            self.append("\u{FFFD}");
        }
        if std::mem::take(&mut self.cr) {
            self.append("\n");
        }
        self.ended = true;
    }

    /// Whether [`Input::end`] was called.
    pub(super) fn ended(&self) -> bool {
        self.ended
    }

    /// Whether everything has come and been parsed.
    pub(super) fn is_done(&self) -> bool {
        self.ended && self.pos >= self.text.len()
    }

    /// The text not parsed yet.
    pub(super) fn rest(&self) -> &str {
        &self.text[self.pos.min(self.text.len())..]
    }

    /// Marks `n` more bytes of [`Input::rest`] as parsed.
    pub(super) fn advance(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.text.len());
    }

    /// Whether nothing has been parsed (nor dropped) yet.
    pub(super) fn at_start(&self) -> bool {
        self.dropped == 0 && self.pos == 0
    }

    /// Bytes of text parsed, and of text received (decoded, line ends normalized).
    pub(super) fn bytes(&self) -> (usize, usize) {
        (self.dropped + self.pos, self.dropped + self.text.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fed(pieces: &[&[u8]]) -> String {
        let mut input = Input::new(usize::MAX);
        for p in pieces {
            input.push_bytes(p).unwrap();
        }
        input.end();
        input.rest().to_string()
    }

    #[test]
    fn pieces_cut_anywhere_decode_as_the_whole() {
        let text = "a\r\nb\rc\n\"é\r\n€\"\r\n\u{1F600}\r";
        let bytes = text.as_bytes();
        let whole = fed(&[bytes]);
        assert_eq!(whole, "a\nb\nc\n\"é\n€\"\n\u{1F600}\n");
        for i in 0..=bytes.len() {
            for j in i..=bytes.len() {
                assert_eq!(
                    fed(&[&bytes[..i], &bytes[i..j], &bytes[j..]]),
                    whole,
                    "{i} {j}"
                );
            }
        }
    }

    #[test]
    fn invalid_bytes_are_replaced_as_a_browser_does() {
        // An invalid byte, a truncated sequence inside, a truncated sequence at the end.
        let bytes = b"a\xffb\xe2\x82c\xf0\x9f";
        assert_eq!(fed(&[bytes]), String::from_utf8_lossy(bytes));
        assert_eq!(
            fed(&[&bytes[..5], &bytes[5..]]),
            String::from_utf8_lossy(bytes)
        );
    }

    #[test]
    fn too_many_bytes_are_refused() {
        let mut input = Input::new(10);
        input.count(10).unwrap();
        assert_eq!(input.push_str("x"), Err(TooLarge { bytes: 11 }));
    }
}
