//! What a link gave that could not be read, never replaced silently (issue 28): its utility
//! matrix ([`UnreadUtility`]: the identity stands in) and classifiers' confusion matrices
//! ([`UnreadClassifier`]: left out, nothing made up in their place). Meanwhile every view says
//! so ([`AppState::unread_message`]), Compare ranks nothing, and the link keeps the text as
//! given, until the problem is edited ([`AppState::set_problem`]).

use crate::AppState;
use ulab_core::text::truncate;

/// A utility matrix a link gave that could not be read, and the stand-in used meanwhile.
#[derive(Debug, Clone, PartialEq)]
pub struct UnreadUtility {
    /// The text as given (`u=` of the link, decoded).
    pub text: String,
    /// Why it could not be read.
    pub why: String,
}

impl UnreadUtility {
    /// What every view says while the stand-in `stand_in` (the matrix in force) is used.
    ///
    /// ```
    /// use ulab_state::link::decode;
    /// let s = decode("u=15,-3x5;-35,165&cm.A=27,15;23,35").state;
    /// let m = s.unread_utility.as_ref().unwrap().message(s.utility());
    /// assert!(m.starts_with("The link's utility matrix u=15,-3x5;-35,165 could not be read"));
    /// assert!(m.contains("not the link's: nothing is ranked"));
    /// ```
    pub fn message(&self, stand_in: &ulab_core::Matrix) -> String {
        format!(
            "The link's utility matrix u={} could not be read ({}). The matrix in the editor, \
             u={stand_in}, is a stand-in, not the link's: nothing is ranked until you fix the \
             utility matrix (Compare's editor); until an edit, the link keeps the text as given.",
            truncate(&self.text, 80),
            self.why
        )
    }
}

/// A classifier a link gave (`cm.NAME=…`) whose confusion matrix could not be read: it is
/// left out of the problem.
#[derive(Debug, Clone, PartialEq)]
pub struct UnreadClassifier {
    /// Its name.
    pub name: String,
    /// The matrix's text as given (decoded).
    pub text: String,
    /// Why it could not be read (every bad cell).
    pub why: String,
}

/// What every view says while the link's classifiers `unread` are left out (`None` if there
/// are none).
///
/// ```
/// use ulab_state::link::decode;
/// use ulab_state::unread::classifiers_message;
/// let s = decode("cm.A=-5,10;NaN,20&cm.B=43,18;7,32").state;
/// let m = classifiers_message(&s.unread_classifiers).unwrap();
/// assert!(m.starts_with("The link's classifier A, cm.A=-5,10;NaN,20, could not be read: 2 cells"));
/// assert!(m.contains("is left out, and nothing is ranked until"));
/// ```
pub fn classifiers_message(unread: &[UnreadClassifier]) -> Option<String> {
    if unread.is_empty() {
        return None;
    }
    let mut m = String::new();
    for c in unread {
        let (name, text, why) = (&c.name, truncate(&c.text, 80), &c.why);
        m += &format!("The link's classifier {name}, cm.{name}={text}, could not be read: {why}. ");
    }
    m += "A classifier that could not be read is left out, and nothing is ranked until you give \
          its counts (in Compare, add a classifier of that name) or edit the problem otherwise; \
          until an edit, the link keeps the text as given.";
    Some(m)
}

impl AppState {
    /// What every view says while something the link gave could not be read (the utility
    /// matrix's sentence, then the classifiers'), or `None`.
    pub fn unread_message(&self) -> Option<String> {
        let u = self
            .unread_utility
            .as_ref()
            .map(|x| x.message(self.utility()));
        let c = classifiers_message(&self.unread_classifiers);
        match (u, c) {
            (Some(u), Some(c)) => Some(format!("{u} {c}")),
            (u, c) => u.or(c),
        }
    }
}
