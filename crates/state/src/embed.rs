//! The embed code: an `<iframe>` of a view in embed mode, and the few lines of script that let
//! the frame fit its content.
//!
//! In embed mode the page posts its height to the page that frames it
//! (`{type: "utility-lab-height", height}`, see `ui::app`); the script in the snippet sets the
//! height of the frame that sent it, and only for messages from the app's origin. Without the
//! script (a host that strips scripts), the frame keeps its `height` attribute.

/// The type of the height message the embedded page posts to its parent.
pub const HEIGHT_MESSAGE: &str = "utility-lab-height";

/// The embed snippet for the page at `src` (a full URL, embed mode on), titled `title` for
/// screen readers, `height` CSS pixels tall until the page says how tall it is.
///
/// ```
/// use ulab_state::embed::iframe_code;
/// let code = iframe_code("https://example.org/lab/#view=compare&embed=1", "Compare", 900);
/// assert!(code.starts_with("<iframe src=\"https://example.org/lab/#view=compare&amp;embed=1\""));
/// assert!(code.contains("e.origin===\"https://example.org\""));
/// ```
pub fn iframe_code(src: &str, title: &str, height: u32) -> String {
    let attr = |s: &str| {
        s.replace('&', "&amp;")
            .replace('"', "&quot;")
            .replace('<', "&lt;")
    };
    let origin = origin_of(src);
    format!(
        "<iframe src=\"{}\" title=\"Utility Lab: {}\" width=\"100%\" height=\"{height}\" \
         style=\"border:0;max-width:100%;min-width:320px\" loading=\"lazy\" data-utility-lab>\
         </iframe>\n<script>addEventListener(\"message\",function(e){{var d=e.data;\
         if(e.origin===\"{}\"&&d&&d.type===\"{HEIGHT_MESSAGE}\")\
         document.querySelectorAll(\"iframe[data-utility-lab]\").forEach(function(f){{\
         if(f.contentWindow===e.source)f.style.height=Math.min(Math.max(+d.height||0,200),20000)+\"px\"}})}})\
         </script>",
        attr(src),
        attr(title),
        origin.replace(['"', '<', '\\'], ""),
    )
}

/// The origin (`scheme://host[:port]`) of an absolute URL, or "" when it has none.
fn origin_of(url: &str) -> &str {
    let Some(after_scheme) = url.find("://").map(|i| i + 3) else {
        return "";
    };
    let end = url[after_scheme..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| after_scheme + i);
    &url[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origin_of_urls() {
        assert_eq!(
            origin_of("http://127.0.0.1:4173/some/path/#x"),
            "http://127.0.0.1:4173"
        );
        assert_eq!(origin_of("https://a.org#view=story"), "https://a.org");
        assert_eq!(origin_of("https://a.org"), "https://a.org");
        assert_eq!(origin_of("file.html"), "");
    }

    #[test]
    fn the_snippet_escapes_what_it_quotes() {
        let code = iframe_code("https://a.org/#x=\"<b>\"&y", "A \"quoted\" <title>", 760);
        let iframe = code.lines().next().unwrap();
        assert!(iframe.contains("src=\"https://a.org/#x=&quot;&lt;b>&quot;&amp;y\""));
        assert!(iframe.contains("title=\"Utility Lab: A &quot;quoted&quot; &lt;title>\""));
        assert!(iframe.contains("height=\"760\""));
        assert!(code.ends_with("</script>"));
        assert_eq!(code.matches("<script>").count(), 1);
    }
}
