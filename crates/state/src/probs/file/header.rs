//! What the header line of a probabilities file says: the label column, the models, the
//! classes, and where each model's probability of each class comes from.

use super::error::ProbsFileError;
use crate::roc::labels::{is_ignored_column, label_column};
use crate::{MAX_CLASSIFIERS, clean_name};
use ulab_core::labels::conventional_positive;
use ulab_core::limits::MAX_CLASSES;
use ulab_core::text::parse_number;

/// Where a model's probability of a class is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The value of column `i`.
    Column(usize),
    /// One minus the value of column `i` (a single column's other class).
    Complement(usize),
}

impl Source {
    /// The column read.
    pub fn column(&self) -> usize {
        match self {
            Source::Column(i) | Source::Complement(i) => *i,
        }
    }
}

/// The meaning of the header line.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// Its line number.
    pub line: usize,
    /// Its number of fields.
    pub width: usize,
    /// The label (true class) column.
    pub label_col: usize,
    /// The label column's name.
    pub label_name: String,
    /// The models, in the order of their first column.
    pub models: Vec<String>,
    /// Number of classes.
    pub n: usize,
    /// The class names the header gives (`MODEL:CLASS` columns), in class order: the first
    /// model's columns' order. Empty when every model has a single column (two classes named
    /// by the labels).
    pub classes: Vec<String>,
    /// With single columns: the positive label (class 0), when the header or the caller
    /// knows it.
    pub positive: Option<String>,
    /// Whether some model has a single column.
    pub single: bool,
    /// Per model and class (model after model, `n` each), where its probability comes from.
    pub sources: Vec<Source>,
    /// The names of the columns ignored (`id`, `index`, an unnamed first column).
    pub ignored: Vec<String>,
    /// Whether numbers may have a decimal comma (the delimiter is `;` or a tab).
    pub decimal_comma: bool,
    /// The header's fields as read.
    pub fields: Vec<String>,
}

/// One model's columns while the header is read.
struct Group {
    name: String,
    single: Option<usize>,
    classes: Vec<(String, usize)>,
}

impl Header {
    /// Reads the header `fields` (line `line`); `positive` is the caller's positive label.
    ///
    /// # Errors
    /// See [`ProbsFileError`]: a header of numbers, no model column, too many models or
    /// classes, a bad, duplicate, missing or extra column, a single column with more than two
    /// classes, an unknown or undecidable positive label.
    pub fn parse(
        fields: &[String],
        line: usize,
        positive: Option<&str>,
    ) -> Result<Header, ProbsFileError> {
        if fields.iter().all(|h| parse_number(h).is_some()) {
            return Err(ProbsFileError::HeaderIsData { line });
        }
        let width = fields.len();
        let label_col = label_column(fields).ok_or(ProbsFileError::NoModelColumn { line })?;
        let (groups, ignored) = groups(fields, label_col, line)?;
        if groups.is_empty() {
            return Err(ProbsFileError::NoModelColumn { line });
        }
        if groups.len() > MAX_CLASSIFIERS {
            return Err(ProbsFileError::TooManyModels {
                line,
                found: groups.len(),
            });
        }
        let classes = classes(&groups, line)?;
        let n = if classes.is_empty() { 2 } else { classes.len() };
        let single = groups.iter().any(|g| g.single.is_some());
        let positive = match positive.map(str::trim) {
            Some(p) if !classes.is_empty() && !classes.iter().any(|c| c == p) && single => {
                return Err(ProbsFileError::UnknownPositive {
                    line,
                    given: p.to_string(),
                });
            }
            Some(p) => Some(p.to_string()),
            None if single && !classes.is_empty() => match conventional_positive(&classes) {
                Some(k) => Some(classes[k].clone()),
                None => {
                    return Err(ProbsFileError::PositiveRequired {
                        line,
                        labels: classes,
                    });
                }
            },
            None => None,
        };
        // With single columns, class 0 is the positive label: the first model's order when it
        // names both classes, else [positive, other].
        let pos_index = match (&positive, single) {
            (Some(p), true) if !classes.is_empty() => classes.iter().position(|c| c == p),
            _ => Some(0),
        }
        .unwrap_or(0);
        let mut sources = Vec::with_capacity(groups.len() * n);
        for g in &groups {
            match g.single {
                Some(i) => {
                    let mut s = [Source::Complement(i); 2];
                    s[pos_index] = Source::Column(i);
                    sources.extend_from_slice(&s);
                }
                None => {
                    for c in &classes {
                        let col = g.classes.iter().find(|(k, _)| k == c).map(|(_, i)| *i);
                        sources.push(Source::Column(col.unwrap_or(0)));
                    }
                }
            }
        }
        Ok(Header {
            line,
            width,
            label_col,
            label_name: fields[label_col].trim().to_string(),
            models: groups.into_iter().map(|g| g.name).collect(),
            n,
            classes,
            positive: if single { positive } else { None },
            single,
            sources,
            ignored,
            decimal_comma: false,
            fields: fields.to_vec(),
        })
    }

    /// The header's name of column `i`.
    pub fn column_name(&self, i: usize) -> &str {
        self.fields.get(i).map_or("", String::as_str)
    }
}

/// The models' columns, in the order of each model's first column, and the ignored columns.
fn groups(
    fields: &[String],
    label_col: usize,
    line: usize,
) -> Result<(Vec<Group>, Vec<String>), ProbsFileError> {
    let mut groups: Vec<Group> = Vec::new();
    let mut ignored = Vec::new();
    for (i, h) in fields.iter().enumerate() {
        if i == label_col {
            continue;
        }
        if is_ignored_column(h, i, fields.len(), Some(label_col)) {
            ignored.push(h.clone());
            continue;
        }
        let (model, class) = match h.split_once(':') {
            Some((m, c)) => {
                let (m, c) = (clean_name(m), c.trim().to_string());
                if m.is_empty() || c.is_empty() {
                    return Err(ProbsFileError::BadColumn {
                        line,
                        name: h.clone(),
                    });
                }
                (m, Some(c))
            }
            None => {
                let m = clean_name(h);
                (
                    if m.is_empty() {
                        format!("column {}", i + 1)
                    } else {
                        m
                    },
                    None,
                )
            }
        };
        let duplicate = || ProbsFileError::DuplicateColumn {
            line,
            name: h.clone(),
        };
        let k = match groups.iter().position(|g| g.name == model) {
            Some(k) => k,
            None => {
                groups.push(Group {
                    name: model,
                    single: None,
                    classes: Vec::new(),
                });
                groups.len() - 1
            }
        };
        let g = &mut groups[k];
        match class {
            None if g.single.is_none() && g.classes.is_empty() => g.single = Some(i),
            Some(c) if g.single.is_none() && !g.classes.iter().any(|(k, _)| *k == c) => {
                g.classes.push((c, i));
            }
            _ => return Err(duplicate()),
        }
    }
    Ok((groups, ignored))
}

/// The class names the `MODEL:CLASS` columns give, in the first such model's order (empty if
/// every model has a single column); every such model must name the same classes, and
/// single columns need exactly two.
fn classes(groups: &[Group], line: usize) -> Result<Vec<String>, ProbsFileError> {
    let Some(first) = groups.iter().find(|g| g.single.is_none()) else {
        return Ok(Vec::new());
    };
    let classes: Vec<String> = first.classes.iter().map(|(c, _)| c.clone()).collect();
    if classes.len() < 2 {
        return Err(ProbsFileError::OneClassColumn {
            line,
            model: first.name.clone(),
        });
    }
    if classes.len() > MAX_CLASSES {
        return Err(ProbsFileError::TooManyClasses {
            line,
            found: classes.len(),
        });
    }
    for g in groups {
        if g.single.is_some() {
            if classes.len() != 2 {
                return Err(ProbsFileError::SingleColumn {
                    line,
                    model: g.name.clone(),
                    classes: classes.len(),
                });
            }
            continue;
        }
        if let Some(c) = classes
            .iter()
            .find(|c| !g.classes.iter().any(|(k, _)| k == *c))
        {
            return Err(ProbsFileError::MissingColumn {
                line,
                model: g.name.clone(),
                class: c.clone(),
            });
        }
        if let Some((c, _)) = g.classes.iter().find(|(k, _)| !classes.contains(k)) {
            return Err(ProbsFileError::ExtraColumn {
                line,
                model: g.name.clone(),
                class: c.clone(),
                first: first.name.clone(),
            });
        }
    }
    Ok(classes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Vec<String> {
        s.split(',').map(|x| x.trim().to_string()).collect()
    }

    #[test]
    fn class_order_is_the_first_models() {
        let hd = Header::parse(&h("id,label,A:b,A:a,B:a,B:b"), 1, None).unwrap();
        assert_eq!(hd.classes, ["b", "a"]);
        assert_eq!(hd.models, ["A", "B"]);
        assert_eq!(hd.ignored, ["id"]);
        use Source::Column as C;
        assert_eq!(hd.sources, vec![C(2), C(3), C(5), C(4)]);
    }

    #[test]
    fn single_columns_take_the_positive_label() {
        let hd = Header::parse(&h("y,A:0,A:1,B"), 1, None).unwrap();
        assert_eq!(hd.positive.as_deref(), Some("1"));
        use Source::{Column as C, Complement as K};
        assert_eq!(hd.sources, vec![C(1), C(2), K(3), C(3)]);
        let hd = Header::parse(&h("y,A,B"), 1, None).unwrap();
        assert!(hd.classes.is_empty() && hd.positive.is_none() && hd.n == 2);
        let hd = Header::parse(&h("y,A,B"), 1, Some("sick")).unwrap();
        assert_eq!(hd.positive.as_deref(), Some("sick"));
        assert_eq!(hd.sources, vec![C(1), K(1), C(2), K(2)]);
    }

    #[test]
    fn bad_headers() {
        let e = |s: &str| Header::parse(&h(s), 4, None).unwrap_err();
        assert!(matches!(
            e("1,2,3"),
            ProbsFileError::HeaderIsData { line: 4 }
        ));
        assert!(matches!(e("label"), ProbsFileError::NoModelColumn { .. }));
        assert!(matches!(
            e("label,A:x,A:x"),
            ProbsFileError::DuplicateColumn { .. }
        ));
        assert!(matches!(
            e("label,A,A:x"),
            ProbsFileError::DuplicateColumn { .. }
        ));
        assert!(matches!(
            e("label,A:x"),
            ProbsFileError::OneClassColumn { .. }
        ));
        assert!(matches!(
            e("label,:x,A:y"),
            ProbsFileError::BadColumn { .. }
        ));
        assert!(matches!(
            e("label,A:x,A:y,B:x"),
            ProbsFileError::MissingColumn { .. }
        ));
        assert!(matches!(
            e("label,A:x,A:y,B:x,B:y,B:z"),
            ProbsFileError::ExtraColumn { .. }
        ));
        assert!(matches!(
            e("label,A:x,A:y,A:z,B"),
            ProbsFileError::SingleColumn { .. }
        ));
        assert!(matches!(
            e("label,A:cat,A:dog,B"),
            ProbsFileError::PositiveRequired { .. }
        ));
        assert!(matches!(
            Header::parse(&h("label,A:cat,A:dog,B"), 1, Some("cow")),
            Err(ProbsFileError::UnknownPositive { .. })
        ));
    }
}
