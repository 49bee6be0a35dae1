//! The one glob matcher used by scenario selectors (HTTP rules, fault arguments, cache
//! keys): `*` matches any run of characters (including none), `?` one character,
//! everything else itself. Matching is on the whole text.

pub fn glob_matches(pattern: &str, text: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().collect();
    let text: Vec<char> = text.chars().collect();
    // Iterative matcher with one backtrack point: linear in practice, no recursion.
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        if p < pattern.len() && (pattern[p] == '?' || pattern[p] == text[t]) {
            p += 1;
            t += 1;
        } else if p < pattern.len() && pattern[p] == '*' {
            star = Some((p, t));
            p += 1;
        } else if let Some((star_p, star_t)) = star {
            p = star_p + 1;
            t = star_t + 1;
            star = Some((star_p, star_t + 1));
        } else {
            return false;
        }
    }
    pattern[p..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::glob_matches;

    #[test]
    fn globs() {
        assert!(glob_matches("https://shop.example.com/*", "https://shop.example.com/orders?x=1"));
        assert!(!glob_matches("https://shop.example.com/*", "https://other.example.com/"));
        assert!(glob_matches("alert:*", "alert:"));
        assert!(glob_matches("a?c", "abc"));
        assert!(!glob_matches("a?c", "ac"));
        assert!(glob_matches("*", ""));
        assert!(glob_matches("*b*b*", "abxxbx"));
        assert!(!glob_matches("exact", "exactly"));
    }
}
