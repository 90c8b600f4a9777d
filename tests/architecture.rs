//! The crate's import graph, read from its source text: imports go down [`LAYERS`] (test code
//! included), no import circle runs through more than two files, none inside `backend/` nor
//! between top-level modules (`app`, `ui`, `cli`, …).
//!
//! Nodes are the modules that are files (`src/backend/worker.rs` is `backend::worker`, a
//! `mod.rs` is its folder's module, `src/lib.rs` is `crate`), found by following the `mod x;`
//! declarations from `src/lib.rs` (and their `#[path = "…"]`). Edges are the paths the code
//! writes from the crate's root or upwards: `use crate::…`, `use super::…` (also grouped,
//! nested, `pub use`, inside functions) and `crate::x::…` / `super::x::…` written in code; each
//! resolves to the longest module path that exists. Not read: comments, strings, visibilities
//! (`pub(in crate::x)`), and paths that start below the module (`self::x`, or a child's name
//! alone as in `pub use protocol::*`). Test code (`#[cfg(test)]` items, such as
//! `mod tests { … }`, and the files they declare, such as `mod http_tests;`) is read only for
//! the layers ([`Code::WithTests`]); every other check is of the code the crate is built of.
//!
//! `cargo test --test architecture -- --nocapture` lists every strongly connected component of
//! the whole crate (`no_import_cycles_between_top_level_modules`).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

// ----------------------------------------------------------------------------------------------
// Tokens: identifiers, `::` and single punctuation, with their line; no comments, no literals.

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Ident(String),
    PathSep,
    Punct(char),
    /// A literal (char, number, byte or raw string): it only separates what is around it.
    Literal,
    /// A plain string literal's text as written (escapes kept), read only in `#[path = "…"]`.
    Str(String),
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    line: usize,
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn lex(src: &str) -> Vec<Token> {
    let s: Vec<char> = src.chars().collect();
    let at = |i: usize| s.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    // Skips a quoted string whose opening quote is at `i`; returns the index after it.
    let skip_quoted = |mut i: usize, line: &mut usize| {
        i += 1;
        while i < s.len() && s[i] != '"' {
            if s[i] == '\\' {
                i += 1;
            }
            if at(i) == '\n' {
                *line += 1;
            }
            i += 1;
        }
        i + 1
    };
    // Skips a raw string `#…#"…"#…#` whose first `#` or `"` is at `i`.
    let skip_raw = |mut i: usize, line: &mut usize| {
        let mut hashes = 0;
        while at(i) == '#' {
            hashes += 1;
            i += 1;
        }
        i += 1; // the opening quote
        while i < s.len() {
            if s[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#') {
                return i + 1 + hashes;
            }
            if s[i] == '\n' {
                *line += 1;
            }
            i += 1;
        }
        i
    };
    while i < s.len() {
        let c = s[i];
        let start_line = line;
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < s.len() {
                if s[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if s[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if c == '"' {
            let begin = i + 1;
            i = skip_quoted(i, &mut line);
            out.push(Token {
                tok: Tok::Str(s[begin..(i - 1).max(begin)].iter().collect()),
                line: start_line,
            });
        } else if c == '\'' {
            if at(i + 1) == '\\' {
                // An escaped char literal: '\n', '\'', '\u{1F600}'.
                i += 3;
                while i < s.len() && s[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push(Token {
                    tok: Tok::Literal,
                    line,
                });
            } else if at(i + 2) == '\'' {
                i += 3;
                out.push(Token {
                    tok: Tok::Literal,
                    line,
                });
            } else {
                // A lifetime or a label.
                i += 1;
                while i < s.len() && is_ident_char(s[i]) {
                    i += 1;
                }
            }
        } else if c.is_ascii_digit() {
            while i < s.len()
                && (is_ident_char(s[i]) || (s[i] == '.' && at(i + 1).is_ascii_digit()))
            {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Literal,
                line,
            });
        } else if is_ident_start(c) {
            let begin = i;
            while i < s.len() && is_ident_char(s[i]) {
                i += 1;
            }
            let word: String = s[begin..i].iter().collect();
            let next = at(i);
            let raw_prefix = matches!(word.as_str(), "r" | "br" | "cr");
            if raw_prefix && (next == '"' || (next == '#' && matches!(at(i + 1), '#' | '"'))) {
                i = skip_raw(i, &mut line);
                out.push(Token {
                    tok: Tok::Literal,
                    line: start_line,
                });
            } else if word == "r" && next == '#' && is_ident_start(at(i + 1)) {
                // A raw identifier: r#type.
                let begin = i + 1;
                i += 1;
                while i < s.len() && is_ident_char(s[i]) {
                    i += 1;
                }
                out.push(Token {
                    tok: Tok::Ident(s[begin..i].iter().collect()),
                    line,
                });
            } else if matches!(word.as_str(), "b" | "c") && next == '"' {
                i = skip_quoted(i, &mut line);
                out.push(Token {
                    tok: Tok::Literal,
                    line: start_line,
                });
            } else if word == "b" && next == '\'' {
                i += 1;
                if at(i + 1) == '\\' {
                    i += 2;
                }
                while i + 1 < s.len() && s[i + 1] != '\'' {
                    i += 1;
                }
                i += 2;
                out.push(Token {
                    tok: Tok::Literal,
                    line,
                });
            } else {
                out.push(Token {
                    tok: Tok::Ident(word),
                    line,
                });
            }
        } else if c == ':' && at(i + 1) == ':' {
            out.push(Token {
                tok: Tok::PathSep,
                line,
            });
            i += 2;
        } else {
            out.push(Token {
                tok: Tok::Punct(c),
                line,
            });
            i += 1;
        }
    }
    out
}

// ----------------------------------------------------------------------------------------------
// One file read: the paths it names from the crate's root or upwards, and its `mod x;`.

/// A path written in a file, as absolute segments from the crate's root, and its line.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PathRef {
    segments: Vec<String>,
    line: usize,
    /// Whether it is written in test code (an item under `#[cfg(test)]`).
    test: bool,
}

#[derive(Debug, Default)]
struct FileScan {
    refs: Vec<PathRef>,
    /// `mod x;` declarations outside test code: the inline modules around it, then `x`.
    mod_decls: Vec<Vec<String>>,
    /// `#[cfg(test)] mod x;` declarations, the same way: files of test code.
    test_mod_decls: Vec<Vec<String>>,
    /// The file of a declaration (either kind) that has `#[path = "…"]`, as written.
    mod_paths: BTreeMap<Vec<String>, String>,
}

/// The attributes the reader heeds.
enum Attr {
    /// `#[cfg(test)]`: the item under it is test code.
    CfgTest,
    /// `#[path = "…"]`: the file of the `mod x;` under it.
    Path(String),
    Other,
}

struct Scanner<'a> {
    toks: &'a [Token],
    i: usize,
}

impl Scanner<'_> {
    fn tok(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.i + k).map(|t| &t.tok)
    }

    fn is_ident(&self, k: usize, word: &str) -> bool {
        matches!(self.tok(k), Some(Tok::Ident(w)) if w == word)
    }

    fn is_punct(&self, k: usize, c: char) -> bool {
        self.tok(k) == Some(&Tok::Punct(c))
    }

    fn line(&self) -> usize {
        self.toks
            .get(self.i)
            .or(self.toks.last())
            .map_or(0, |t| t.line)
    }

    /// Skips a balanced group opened at the current token (`{`, `(` or `[`).
    fn skip_group(&mut self) {
        let mut depth = 0usize;
        while let Some(t) = self.tok(0) {
            match t {
                Tok::Punct('{' | '(' | '[') => depth += 1,
                Tok::Punct('}' | ')' | ']') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        self.i += 1;
                        return;
                    }
                }
                _ => {}
            }
            self.i += 1;
        }
    }

    /// Skips one item: up to its `;`, or through its body `{ … }`.
    fn skip_item(&mut self) {
        while let Some(t) = self.tok(0) {
            match t {
                Tok::Punct(';') => {
                    self.i += 1;
                    return;
                }
                Tok::Punct('{') => {
                    self.skip_group();
                    return;
                }
                Tok::Punct('(' | '[') => self.skip_group(),
                _ => self.i += 1,
            }
        }
    }

    /// Reads an attribute at `#`: whether it is exactly `#[cfg(test)]`, or `#[path = "…"]`.
    fn attribute(&mut self) -> Attr {
        self.i += 1;
        if self.is_punct(0, '!') {
            self.i += 1;
        }
        if !self.is_punct(0, '[') {
            return Attr::Other;
        }
        let start = self.i;
        self.skip_group();
        let inner: Vec<&Tok> = self.toks[start + 1..self.i.saturating_sub(1)]
            .iter()
            .map(|t| &t.tok)
            .collect();
        match inner.as_slice() {
            [
                Tok::Ident(cfg),
                Tok::Punct('('),
                Tok::Ident(test),
                Tok::Punct(')'),
            ] if cfg == "cfg" && test == "test" => Attr::CfgTest,
            [Tok::Ident(path), Tok::Punct('='), Tok::Str(file)] if path == "path" => {
                Attr::Path(file.clone())
            }
            _ => Attr::Other,
        }
    }

    /// Reads a use tree at the current token under `prefix`; pushes each leaf path.
    fn use_tree(&mut self, mut prefix: Vec<String>, out: &mut Vec<(Vec<String>, usize)>) {
        loop {
            match self.tok(0).cloned() {
                Some(Tok::PathSep) => self.i += 1,
                Some(Tok::Punct('*')) => {
                    out.push((prefix, self.line()));
                    self.i += 1;
                    return;
                }
                Some(Tok::Punct('{')) => {
                    self.i += 1;
                    loop {
                        match self.tok(0) {
                            None => return,
                            Some(Tok::Punct('}')) => {
                                self.i += 1;
                                return;
                            }
                            Some(Tok::Punct(',')) => self.i += 1,
                            Some(_) => {
                                let before = self.i;
                                self.use_tree(prefix.clone(), out);
                                if self.i == before {
                                    self.i += 1;
                                }
                            }
                        }
                    }
                }
                Some(Tok::Ident(word)) => {
                    let line = self.line();
                    self.i += 1;
                    // `self` inside a group names the group's module itself.
                    if word != "self" || prefix.is_empty() {
                        prefix.push(word);
                    }
                    if self.tok(0) == Some(&Tok::PathSep) {
                        self.i += 1;
                        continue;
                    }
                    if self.is_ident(0, "as") {
                        self.i += 2;
                    }
                    out.push((prefix, line));
                    return;
                }
                _ => return,
            }
        }
    }
}

/// Makes a written path absolute from the module `here`; `None` unless it starts with `crate`
/// or `super` (or goes above the root).
fn absolute(written: &[String], here: &[String]) -> Option<Vec<String>> {
    let (first, rest) = written.split_first()?;
    match first.as_str() {
        "crate" => Some(rest.to_vec()),
        "super" => {
            let mut base = here.to_vec();
            base.pop()?;
            let mut rest = rest;
            while let Some((s, more)) = rest.split_first() {
                if s != "super" {
                    break;
                }
                base.pop()?;
                rest = more;
            }
            base.extend(rest.iter().cloned());
            Some(base)
        }
        _ => None,
    }
}

/// Reads one file of the module `module`.
fn scan_file(src: &str, module: &[String]) -> FileScan {
    let toks = lex(src);
    let mut sc = Scanner { toks: &toks, i: 0 };
    let mut scan = FileScan::default();
    // Inline modules (`mod paging { … }`) around the current token: name, brace depth inside.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut cfg_test = false;
    // Tokens before this index belong to an item under `#[cfg(test)]`.
    let mut test_until = 0usize;
    // `#[path = "…"]` read before the current item, and the one of the item.
    let mut path_attr = None;
    let mut item_path = None;
    let here = |inline: &[(String, usize)]| -> Vec<String> {
        module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(n, _)| n.clone()))
            .collect()
    };
    while let Some(tok) = sc.tok(0).cloned() {
        if tok == Tok::Punct('#') {
            match sc.attribute() {
                Attr::CfgTest => cfg_test = true,
                Attr::Path(file) => path_attr = Some(file),
                Attr::Other => {}
            }
            continue;
        }
        if path_attr.is_some() {
            item_path = path_attr.take();
        }
        if cfg_test {
            // The item under `#[cfg(test)]` is test code: read, its paths and `mod x;` marked.
            cfg_test = false;
            let start = sc.i;
            sc.skip_item();
            test_until = test_until.max(sc.i);
            sc.i = start;
        }
        let test = sc.i < test_until;
        match tok {
            Tok::Ident(w) if w == "pub" && sc.is_punct(1, '(') => {
                // A visibility: pub(crate), pub(super), pub(in crate::x).
                sc.i += 1;
                sc.skip_group();
            }
            Tok::Ident(w) if w == "mod" => {
                let name = match sc.tok(1) {
                    Some(Tok::Ident(n)) => n.clone(),
                    _ => {
                        sc.i += 1;
                        continue;
                    }
                };
                if sc.is_punct(2, ';') {
                    let mut decl: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
                    decl.push(name);
                    if let Some(file) = item_path.take() {
                        scan.mod_paths.insert(decl.clone(), file);
                    }
                    if test {
                        scan.test_mod_decls.push(decl);
                    } else {
                        scan.mod_decls.push(decl);
                    }
                    sc.i += 3;
                } else if sc.is_punct(2, '{') {
                    depth += 1;
                    inline.push((name, depth));
                    sc.i += 3;
                } else {
                    sc.i += 1;
                }
            }
            Tok::Ident(w) if w == "use" => {
                sc.i += 1;
                let mut leaves = Vec::new();
                sc.use_tree(Vec::new(), &mut leaves);
                let here = here(&inline);
                for (written, line) in leaves {
                    if let Some(segments) = absolute(&written, &here) {
                        scan.refs.push(PathRef {
                            segments,
                            line,
                            test,
                        });
                    }
                }
            }
            Tok::Ident(w) if (w == "crate" || w == "super") && sc.tok(1) == Some(&Tok::PathSep) => {
                let line = sc.line();
                let mut written = vec![w];
                sc.i += 1;
                while sc.tok(0) == Some(&Tok::PathSep) {
                    match sc.tok(1) {
                        Some(Tok::Ident(seg)) => {
                            written.push(seg.clone());
                            sc.i += 2;
                        }
                        _ => break,
                    }
                }
                if let Some(segments) = absolute(&written, &here(&inline)) {
                    scan.refs.push(PathRef {
                        segments,
                        line,
                        test,
                    });
                }
            }
            Tok::Punct('{') => {
                item_path = None;
                depth += 1;
                sc.i += 1;
            }
            Tok::Punct('}') => {
                item_path = None;
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
                sc.i += 1;
            }
            Tok::Punct(';') => {
                item_path = None;
                sc.i += 1;
            }
            _ => sc.i += 1,
        }
    }
    scan
}

// ----------------------------------------------------------------------------------------------
// The crate: its file modules and the edges between them.

/// Where a module's file names another module: the file (relative to the crate) and line.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Site {
    file: String,
    line: usize,
    /// The module the path resolved to (shown when modules are collapsed to the top level).
    from: String,
    to: String,
}

#[derive(Debug, Default)]
struct Graph {
    nodes: BTreeSet<String>,
    /// The files read (relative to the crate), and those declared as test code (not read).
    files: BTreeSet<PathBuf>,
    test_files: BTreeSet<PathBuf>,
    edges: BTreeMap<(String, String), Vec<Site>>,
}

impl Graph {
    fn successors(&self, node: &str) -> impl Iterator<Item = &str> {
        self.edges
            .range((node.to_owned(), String::new())..)
            .take_while(move |((from, _), _)| from == node)
            .map(|((_, to), _)| to.as_str())
    }

    /// The same graph with every module replaced by its top-level module (`crate` stays).
    fn collapsed(&self) -> Graph {
        let top = |m: &str| m.split("::").next().unwrap_or(m).to_owned();
        let mut g = Graph {
            nodes: self.nodes.iter().map(|n| top(n)).collect(),
            ..Graph::default()
        };
        for ((from, to), sites) in &self.edges {
            let (from, to) = (top(from), top(to));
            if from != to {
                g.edges
                    .entry((from, to))
                    .or_default()
                    .extend(sites.iter().cloned());
            }
        }
        g
    }
}

fn module_name(segments: &[String]) -> String {
    if segments.is_empty() {
        "crate".to_owned()
    } else {
        segments.join("::")
    }
}

/// `path` with its `.` and `a/..` taken out, without asking the file system.
fn lexically_normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Which code of the crate a graph is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Code {
    /// What the crate is built of: no test code (nor its files).
    Built,
    /// Test code too: the items under `#[cfg(test)]` and the files they declare.
    WithTests,
}

/// Every file module of the crate rooted at `src/lib.rs` under `root`, with its edges, not
/// reading test code.
fn crate_graph(root: &Path) -> Graph {
    crate_graph_of(root, Code::Built)
}

/// The file modules of the crate rooted at `src/lib.rs` under `root` and their edges, made of
/// `code`.
fn crate_graph_of(root: &Path, code: Code) -> Graph {
    let mut graph = Graph::default();
    let mut files: BTreeMap<Vec<String>, (PathBuf, FileScan, bool)> = BTreeMap::new();
    // Each file to read: its module, its path, whether it is test code (declared in test code).
    let mut todo = vec![(Vec::<String>::new(), root.join("src/lib.rs"), false)];
    while let Some((segments, file, test_file)) = todo.pop() {
        let src = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
        let scan = scan_file(&src, &segments);
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let parent = file.parent().unwrap_or(root);
        let dir = if matches!(stem, "lib" | "mod" | "main") {
            parent.to_path_buf()
        } else {
            parent.join(stem)
        };
        let child_file = |decl: &Vec<String>| {
            if let Some(written) = scan.mod_paths.get(decl) {
                // Relative to the declaring file's folder.
                return lexically_normal(&parent.join(written));
            }
            let (name, inline) = decl.split_last().expect("a module name");
            let base = inline.iter().fold(dir.clone(), |d, m| d.join(m));
            let flat = base.join(format!("{name}.rs"));
            if flat.exists() {
                flat
            } else {
                base.join(name).join("mod.rs")
            }
        };
        let children = scan.mod_decls.iter().map(|d| (d, test_file));
        let test_children = scan.test_mod_decls.iter().map(|d| (d, true));
        for (decl, test) in children.chain(test_children) {
            let child = child_file(decl);
            if test {
                let relative = child.strip_prefix(root).unwrap_or(&child).to_owned();
                graph.test_files.insert(relative);
            }
            if !test || code == Code::WithTests {
                let mut child_segments = segments.clone();
                child_segments.extend(decl.iter().cloned());
                todo.push((child_segments, child, test));
            }
        }
        files.insert(segments, (file, scan, test_file));
    }
    let modules: BTreeSet<Vec<String>> = files.keys().cloned().collect();
    for (segments, (file, scan, test_file)) in &files {
        let from = module_name(segments);
        graph.nodes.insert(from.clone());
        let relative = file.strip_prefix(root).unwrap_or(file).to_owned();
        let shown = relative.display().to_string();
        graph.files.insert(relative);
        let read = |r: &&PathRef| code == Code::WithTests || !(r.test || *test_file);
        for r in scan.refs.iter().filter(read) {
            let target = (0..=r.segments.len())
                .rev()
                .map(|n| &r.segments[..n])
                .find(|prefix| modules.contains(*prefix))
                .map(module_name)
                .unwrap_or_else(|| "crate".to_owned());
            if target != from {
                graph
                    .edges
                    .entry((from.clone(), target.clone()))
                    .or_default()
                    .push(Site {
                        file: shown.clone(),
                        line: r.line,
                        from: from.clone(),
                        to: target,
                    });
            }
        }
    }
    graph
}

// ----------------------------------------------------------------------------------------------
// Strongly connected components (Tarjan) and the cycles inside one.

/// The strongly connected components with more than one node, each sorted, in name order.
fn cyclic_components(g: &Graph) -> Vec<Vec<String>> {
    struct Tarjan<'g> {
        g: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        out: Vec<Vec<String>>,
    }
    impl<'g> Tarjan<'g> {
        fn visit(&mut self, v: &'g str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.g.successors(v) {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.out.push(component);
                }
            }
        }
    }
    let mut t = Tarjan {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in &g.nodes {
        if !t.index.contains_key(v.as_str()) {
            t.visit(v);
        }
    }
    t.out.sort();
    t.out
}

/// At most this many elementary cycles are looked for in one component.
const MAX_CYCLES: usize = 5_000;

/// The elementary cycles inside `component` (each starting at its smallest node), shortest
/// first; at most [`MAX_CYCLES`].
fn cycles_in(g: &Graph, component: &[String]) -> Vec<Vec<String>> {
    fn walk(
        g: &Graph,
        allowed: &BTreeSet<&str>,
        start: &str,
        path: &mut Vec<String>,
        out: &mut Vec<Vec<String>>,
    ) {
        let last = path.last().expect("a start").clone();
        for next in g.successors(&last) {
            if out.len() >= MAX_CYCLES {
                return;
            }
            if next == start {
                out.push(path.clone());
            } else if allowed.contains(next) && next > start && !path.iter().any(|p| p == next) {
                path.push(next.to_owned());
                walk(g, allowed, start, path, out);
                path.pop();
            }
        }
    }
    let allowed: BTreeSet<&str> = component.iter().map(String::as_str).collect();
    let mut out = Vec::new();
    for start in component {
        walk(g, &allowed, start, &mut vec![start.clone()], &mut out);
    }
    out.sort_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
    out
}

/// Where an edge `from -> to` is written: `src/a.rs:3, 9; src/b.rs:4`, naming the modules
/// of a line when they are not the edge's own (edges between top-level modules).
fn sites(list: &[Site], from: &str, to: &str) -> String {
    let mut by_file: BTreeMap<&str, BTreeMap<usize, BTreeSet<String>>> = BTreeMap::new();
    for s in list {
        let label = match (s.from == from, s.to == to) {
            (true, true) => None,
            (true, false) => Some(format!("-> {}", s.to)),
            (false, _) => Some(format!("{} -> {}", s.from, s.to)),
        };
        let labels = by_file
            .entry(&s.file)
            .or_default()
            .entry(s.line)
            .or_default();
        labels.extend(label);
    }
    let files: Vec<String> = by_file
        .into_iter()
        .map(|(file, lines)| {
            let lines: Vec<String> = lines
                .into_iter()
                .map(|(line, labels)| {
                    if labels.is_empty() {
                        line.to_string()
                    } else {
                        let labels: Vec<String> = labels.into_iter().collect();
                        format!("{line} ({})", labels.join(", "))
                    }
                })
                .collect();
            format!("{file}:{}", lines.join(", "))
        })
        .collect();
    files.join("; ")
}

/// Each cycle as `a -> b -> a`, then each edge of these cycles with where it is written.
fn describe(g: &Graph, cycles: &[Vec<String>]) -> String {
    let mut text = String::new();
    let mut used = BTreeSet::new();
    for cycle in cycles {
        let mut path = cycle.clone();
        path.push(cycle[0].clone());
        let _ = writeln!(text, "  {}", path.join(" -> "));
        for pair in path.windows(2) {
            used.insert((pair[0].clone(), pair[1].clone()));
        }
    }
    let _ = writeln!(text, "where each edge is written:");
    for (from, to) in used {
        let key = (from, to);
        let _ = writeln!(
            text,
            "  {} -> {}  {}",
            key.0,
            key.1,
            sites(&g.edges[&key], &key.0, &key.1)
        );
    }
    text
}

fn components_report(g: &Graph, components: &[Vec<String>]) -> String {
    let mut text = String::new();
    for component in components {
        let cycles = cycles_in(g, component);
        let more = if cycles.len() >= MAX_CYCLES {
            " (at least; the shortest are shown first)"
        } else {
            ""
        };
        let _ = writeln!(
            text,
            "{} modules in a cycle: {}\n{} elementary cycles{more}:",
            component.len(),
            component.join(", "),
            cycles.len()
        );
        text.push_str(&describe(g, &cycles));
    }
    text
}

fn this_crate() -> Graph {
    crate_graph(Path::new(env!("CARGO_MANIFEST_DIR")))
}

// ----------------------------------------------------------------------------------------------
// Layers and circles.

/// The crate's top-level modules from the lowest layer to the highest, as today's imports
/// (without test code) put them: a module imports only from layers below its own, never from
/// its own layer or above, and test code neither (a test's plumbing lives as low as what it
/// tests, e.g. in a `testing` module). `crate` is `src/lib.rs` (`VERSION`).
const LAYERS: &[&[&str]] = &[
    // Leaves that import nothing of the crate: the root's `VERSION`, the embedded fonts, the
    // language and its formats, Ctrl-C and SIGTERM, mutexes a panic does not poison.
    &["crate", "fonts", "locale", "signals", "sync"],
    // Pixel work (decoding, drawing) shared by the sandbox and the app; the log file.
    &["imaging", "logging"],
    // The typed client of the print service and its models.
    &["api"],
    // Over the service's models: every sentence a person reads, the pricing model, the app's
    // own database.
    &["i18n", "pricing", "store"],
    // The emulator of the service (prices from `pricing`); API keys in the OS keychain (which
    // the store names); orders without a window (drafts, rosters, the estimate, over the store).
    &["keychain", "orders", "sandbox"],
    // The team database (its password in the keychain); PDFs made of orders; the club room's
    // pages and their rows (over the store and the orders' approvals).
    &["club", "pdf", "team"],
    // The backend runtime: every feature's work off the UI thread.
    &["backend"],
    // What runs over the backend: the screens, desktop notifications, the commands without a
    // window, `send-queued`.
    &["commands", "headless", "notify", "ui"],
    // The one-sentence window, drawn with the screens' theme and widgets.
    &["notice"],
    // What the operating systems do differently (a fatal error shown in the notice window).
    &["platform"],
    // One logodesk per data folder (the foreground permission through `platform`).
    &["instance"],
    // The eframe application.
    &["app"],
    // The command line, which starts any of the above.
    &["cli"],
];

/// What goes against `layers` in `g` (file modules; empty when nothing does): the top-level
/// modules in no layer or in none of the crate, then each import of a module from its own
/// layer or a higher one, with where it is written.
fn layering_report(g: &Graph, layers: &[&[&str]]) -> String {
    let layer_of: BTreeMap<&str, usize> = layers
        .iter()
        .enumerate()
        .flat_map(|(i, layer)| layer.iter().map(move |m| (*m, i)))
        .collect();
    let collapsed = g.collapsed();
    let mut report = String::new();
    let mut name = |what: &str, modules: Vec<&str>| {
        if !modules.is_empty() {
            let _ = writeln!(report, "{what}: {}", modules.join(", "));
        }
    };
    name(
        "top-level modules in no layer (add each to LAYERS)",
        collapsed
            .nodes
            .iter()
            .map(String::as_str)
            .filter(|m| !layer_of.contains_key(m))
            .collect(),
    );
    name(
        "in LAYERS but not modules of the crate",
        layer_of
            .keys()
            .copied()
            .filter(|m| !collapsed.nodes.contains(*m))
            .collect(),
    );
    for ((from, to), list) in &collapsed.edges {
        if let (Some(&low), Some(&high)) = (layer_of.get(to.as_str()), layer_of.get(from.as_str()))
            && low >= high
        {
            let way = if low == high { "within" } else { "up" };
            let _ = writeln!(
                report,
                "  {from} (layer {high}) -> {to} (layer {low}, {way})  {}",
                sites(list, from, to)
            );
        }
    }
    report
}

/// The strongly connected components of more than two modules: import circles across more
/// than two files (a mutual import of two files is one of two), even when each circle in it
/// joins two files only (several files each importing a hub that imports each of them).
fn circles_across_more_than_two_files(g: &Graph) -> Vec<Vec<String>> {
    cyclic_components(g)
        .into_iter()
        .filter(|c| c.len() > 2)
        .collect()
}

// ----------------------------------------------------------------------------------------------
// The checks.

/// Every file under `src/` is read (but `main.rs` and `src/bin/*.rs`, other crates' roots), the
/// test-only ones with the test code: a reader that lost modules would find no cycle.
#[test]
fn every_source_file_is_read() {
    fn rs_files(root: &Path, dir: &Path, out: &mut BTreeSet<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                rs_files(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.insert(path.strip_prefix(root).unwrap().to_owned());
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut on_disk = BTreeSet::new();
    rs_files(root, &root.join("src"), &mut on_disk);
    on_disk.remove(Path::new("src/main.rs"));
    // Each file right under src/bin/ is a binary's own crate root, not a module of this one.
    on_disk.retain(|f| f.parent() != Some(Path::new("src/bin")));
    let g = this_crate();
    let unread: Vec<_> = on_disk
        .difference(&g.files)
        .filter(|f| !g.test_files.contains(*f))
        .collect();
    assert!(unread.is_empty(), "files not read as modules: {unread:?}");
    assert_eq!(g.nodes.len(), g.files.len());
    let with_tests = crate_graph_of(root, Code::WithTests);
    let unread: Vec<_> = on_disk.difference(&with_tests.files).collect();
    assert!(
        unread.is_empty(),
        "files not read with the tests: {unread:?}"
    );
    assert_eq!(with_tests.nodes.len(), with_tests.files.len());
    assert!(
        g.edges.len() > 50,
        "the crate's modules use each other: {} edges",
        g.edges.len()
    );
}

#[test]
fn no_import_cycles_inside_backend() {
    let g = this_crate();
    let inside = |m: &String| m.starts_with("backend::");
    let mut backend = Graph {
        nodes: g.nodes.iter().filter(|n| inside(n)).cloned().collect(),
        ..Graph::default()
    };
    for ((from, to), s) in &g.edges {
        if inside(from) && inside(to) {
            backend.edges.insert((from.clone(), to.clone()), s.clone());
        }
    }
    let components = cyclic_components(&backend);
    assert!(
        components.is_empty(),
        "import cycles inside backend/ (cut one edge of each cycle):\n{}",
        components_report(&backend, &components)
    );
}

/// No import cycle between top-level modules (`app`, `ui`, `cli`, `backend`, `api`, …): each
/// imports only "downward". Mutual imports of two files of one top-level module are allowed
/// (larger circles are not, see [`no_import_circle_across_more_than_two_files`]);
/// `cargo test --test architecture -- --nocapture` lists them.
#[test]
fn no_import_cycles_between_top_level_modules() {
    let g = this_crate();
    let components = cyclic_components(&g);
    println!(
        "Import cycles among the crate's {} modules ({} edges): {} strongly connected \
         component(s)\n{}",
        g.nodes.len(),
        g.edges.len(),
        components.len(),
        components_report(&g, &components)
    );
    let top = |m: &str| m.split("::").next().unwrap_or(m).to_owned();
    let across: Vec<Vec<String>> = components
        .into_iter()
        .filter(|c| c.iter().map(|m| top(m)).collect::<BTreeSet<_>>().len() > 1)
        .collect();
    let collapsed = g.collapsed();
    let mut report = components_report(&g, &across);
    for component in cyclic_components(&collapsed) {
        let cycles = cycles_in(&collapsed, &component);
        let _ = writeln!(
            report,
            "top-level modules in a cycle: {}\n{} cycles:",
            component.join(", "),
            cycles.len()
        );
        report.push_str(&describe(&collapsed, &cycles));
    }
    assert!(
        report.is_empty(),
        "import cycles between top-level modules (cut one edge of each cycle):\n{report}"
    );
}

/// A module imports only from the [`LAYERS`] below its own, in its tests too.
#[test]
fn imports_go_down_the_layers_test_code_included() {
    let g = crate_graph_of(Path::new(env!("CARGO_MANIFEST_DIR")), Code::WithTests);
    let report = layering_report(&g, LAYERS);
    assert!(
        report.is_empty(),
        "imports against the layers (LAYERS lists the top-level modules from lowest to \
         highest; move what both need down, or a test's plumbing into a `testing` module of the \
         lower layer):\n{report}"
    );
    // The test code is read: the sandbox's tests and the api's HTTP tests are modules.
    assert!(g.nodes.contains("sandbox::tests") && g.nodes.contains("api::http_tests"));
    assert!(g.edges.len() > this_crate().edges.len());
}

/// No import circle runs through more than two files: where two files import each other, no
/// third one closes a larger circle with them.
#[test]
fn no_import_circle_across_more_than_two_files() {
    let g = this_crate();
    let circles = circles_across_more_than_two_files(&g);
    assert!(
        circles.is_empty(),
        "import circles across more than two files (move what the files share into a module \
         they all import, so that imports go one way):\n{}",
        components_report(&g, &circles)
    );
}

/// The app does not depend on its emulator's price list: only the sandbox uses
/// `sandbox::pricing`; the estimate and the sandbox share `crate::pricing`.
#[test]
fn only_the_sandbox_uses_its_price_list() {
    let g = this_crate();
    let outside: Vec<&Site> = g
        .edges
        .iter()
        .filter(|((from, to), _)| to == "sandbox::pricing" && !from.starts_with("sandbox"))
        .flat_map(|(_, sites)| sites)
        .collect();
    assert!(
        outside.is_empty(),
        "sandbox::pricing used outside the sandbox (use crate::pricing): {outside:?}"
    );
    // The sandbox does use it, so the check above looks at real edges.
    let edge = ("sandbox::logos".to_owned(), "sandbox::pricing".to_owned());
    assert!(g.edges.contains_key(&edge));
}

/// The screens never read the emulator: its demo data (the sandbox account's organization, the
/// demo order's design and logo, the demo tasks) reaches the UI from the backend
/// (`backend::SandboxDemo`, sent with `Event::Ready`), as everything else does.
#[test]
fn the_ui_does_not_use_the_sandbox() {
    let g = this_crate();
    let within = |m: &str, top: &str| m == top || m.starts_with(&format!("{top}::"));
    let uses: Vec<&Site> = g
        .edges
        .iter()
        .filter(|((from, to), _)| within(from, "ui") && within(to, "sandbox"))
        .flat_map(|(_, sites)| sites)
        .collect();
    assert!(
        uses.is_empty(),
        "the UI uses the sandbox (ask the backend instead): {uses:?}"
    );
    // The edges the check looks at are read: the backend's demo data does come from the
    // sandbox, and the UI does use the backend.
    assert!(
        g.edges
            .keys()
            .any(|(from, to)| from == "backend::demo" && within(to, "sandbox"))
    );
    assert!(
        g.edges
            .keys()
            .any(|(from, to)| within(from, "ui") && within(to, "backend"))
    );
}

// ----------------------------------------------------------------------------------------------
// The reader itself, on small samples.

fn refs(src: &str, module: &str) -> Vec<(String, usize)> {
    let module: Vec<String> = module.split("::").map(str::to_owned).collect();
    scan_file(src, &module)
        .refs
        .into_iter()
        .map(|r| (r.segments.join("::"), r.line))
        .collect()
}

fn names(src: &str, module: &str) -> Vec<String> {
    refs(src, module).into_iter().map(|(p, _)| p).collect()
}

#[test]
fn grouped_and_nested_uses_give_one_path_per_leaf() {
    let src = "use crate::api::{Client, orders::{Order, self as o}, retry::*};\n\
               pub use super::{protocol::Event,\n worker};\n\
               pub(crate) use crate::store::Store as S;";
    assert_eq!(
        refs(src, "backend::designs"),
        [
            ("api::Client".to_owned(), 1),
            ("api::orders::Order".to_owned(), 1),
            ("api::orders".to_owned(), 1),
            ("api::retry".to_owned(), 1),
            ("backend::protocol::Event".to_owned(), 2),
            ("backend::worker".to_owned(), 3),
            ("store::Store".to_owned(), 4),
        ]
    );
}

#[test]
fn super_super_self_and_paths_in_code() {
    let src = "fn f() {\n    use super::super::imaging;\n    let x = crate::sandbox::pricing::rule(super::worker::blocking);\n    self::child::g();\n    Self::h();\n}";
    assert_eq!(
        names(src, "backend::orders::engine"),
        [
            "backend::imaging",
            "sandbox::pricing::rule",
            "backend::orders::worker::blocking"
        ]
    );
    // A path that goes above the root is not an edge; neither is a relative one.
    assert!(names("use super::super::x; use protocol::*;", "backend").is_empty());
}

#[test]
fn comments_strings_and_visibility_are_not_read_and_test_code_is_marked() {
    let src = r###"
        // use crate::comment;
        /* crate::block /* nested crate::x */ still comment */
        /// [`crate::doc`]
        const A: &str = "crate::string \" crate::escaped";
        const B: &str = r#"crate::raw " crate::raw2"#;
        const C: char = '"'; const D: u8 = b'\''; fn lt<'a>(x: &'a str) {}
        pub(in crate::store) fn g() {}
        pub(super) fn h() {}
        #[cfg(test)]
        mod tests {
            use super::*;
            use crate::test_only::{a, b};
            fn t() { crate::test_only::c(); }
        }
        #[cfg(test)]
        mod http_tests;
        #[cfg(test)]
        use crate::also_test_only;
        mod kept;
        fn real() { crate::real::call(); }
    "###;
    let scan = scan_file(src, &["api".to_owned()]);
    let found = |test: bool| -> Vec<(String, usize)> {
        scan.refs
            .iter()
            .filter(|r| r.test == test)
            .map(|r| (r.segments.join("::"), r.line))
            .collect()
    };
    assert_eq!(found(false), [("real::call".to_owned(), 21)]);
    assert_eq!(
        found(true),
        [
            ("api".to_owned(), 12),
            ("test_only::a".to_owned(), 13),
            ("test_only::b".to_owned(), 13),
            ("test_only::c".to_owned(), 14),
            ("also_test_only".to_owned(), 19),
        ]
    );
    assert_eq!(scan.mod_decls, [vec!["kept".to_owned()]]);
    assert_eq!(scan.test_mod_decls, [vec!["http_tests".to_owned()]]);
}

#[test]
fn a_test_item_ends_with_its_body_and_a_path_attribute_names_a_file() {
    let src = "#[cfg(test)]\n#[allow(unused)]\npub(crate) fn t() { crate::a::x(); }\n\
               fn f() { crate::b::y(); }\n\
               #[cfg(test)]\n#[path = \"../../tests/common/helper.rs\"]\nmod helper;\n\
               #[path = \"other.rs\"]\nmod kept;\nmod plain;\n";
    let scan = scan_file(src, &["store".to_owned()]);
    let refs: Vec<(String, bool)> = scan
        .refs
        .iter()
        .map(|r| (r.segments.join("::"), r.test))
        .collect();
    assert_eq!(
        refs,
        [("a::x".to_owned(), true), ("b::y".to_owned(), false)]
    );
    assert_eq!(
        scan.mod_decls,
        [vec!["kept".to_owned()], vec!["plain".to_owned()]]
    );
    assert_eq!(scan.test_mod_decls, [vec!["helper".to_owned()]]);
    let paths: Vec<(&str, &str)> = scan
        .mod_paths
        .iter()
        .map(|(decl, file)| (decl[0].as_str(), file.as_str()))
        .collect();
    assert_eq!(
        paths,
        [
            ("helper", "../../tests/common/helper.rs"),
            ("kept", "other.rs")
        ]
    );
}

#[test]
fn super_inside_an_inline_module_is_the_file_module() {
    let src =
        "pub mod paging {\n    use super::Card;\n    mod deeper;\n}\nfn f() { super::theme::x(); }";
    let scan = scan_file(src, &["ui".to_owned(), "gallery".to_owned()]);
    let found: Vec<String> = scan.refs.iter().map(|r| r.segments.join("::")).collect();
    assert_eq!(found, ["ui::gallery::Card", "ui::theme::x"]);
    assert_eq!(
        scan.mod_decls,
        [vec!["paging".to_owned(), "deeper".to_owned()]]
    );
}

/// A small graph: `a -> b -> c -> a`, `c -> d`, `d -> e -> d`.
fn sample_graph() -> Graph {
    let mut g = Graph::default();
    for (from, to) in [
        ("a", "b"),
        ("b", "c"),
        ("c", "a"),
        ("c", "d"),
        ("d", "e"),
        ("e", "d"),
    ] {
        g.nodes.insert(from.to_owned());
        g.nodes.insert(to.to_owned());
        g.edges.insert(
            (from.to_owned(), to.to_owned()),
            vec![Site {
                file: format!("src/{from}.rs"),
                line: 1,
                from: from.to_owned(),
                to: to.to_owned(),
            }],
        );
    }
    g
}

#[test]
fn tarjan_finds_each_component_and_the_report_names_each_edge() {
    let g = sample_graph();
    let components = cyclic_components(&g);
    assert_eq!(components, [vec!["a", "b", "c"], vec!["d", "e"]]);
    assert_eq!(cycles_in(&g, &components[0]), [vec!["a", "b", "c"]]);
    let report = components_report(&g, &components);
    assert!(report.contains("  a -> b -> c -> a\n"), "{report}");
    assert!(report.contains("  c -> a  src/c.rs:1\n"), "{report}");
    assert!(report.contains("  d -> e -> d\n"), "{report}");
}

/// The same graph with its modules in `layers` (the same layer for `d` and `e`) and one
/// module (`f`) in none: `a -> b`, `c -> a` go up, `d -> e` stays within a layer.
#[test]
fn the_layers_refuse_imports_up_and_within_a_layer_and_modules_left_out() {
    let mut g = sample_graph();
    g.nodes.insert("f".to_owned());
    let layers: &[&[&str]] = &[&["a"], &["d", "e", "gone"], &["c"], &["b"]];
    let report = layering_report(&g, layers);
    assert_eq!(
        report,
        "top-level modules in no layer (add each to LAYERS): f\n\
         in LAYERS but not modules of the crate: gone\n\
         \x20 a (layer 0) -> b (layer 3, up)  src/a.rs:1\n\
         \x20 d (layer 1) -> e (layer 1, within)  src/d.rs:1\n\
         \x20 e (layer 1) -> d (layer 1, within)  src/e.rs:1\n"
    );
    // Only what goes down: nothing to say.
    let mut down = Graph::default();
    for (from, to) in [("ui::gallery", "store::db"), ("ui", "api::client")] {
        for n in [from, to] {
            down.nodes.insert(n.to_owned());
        }
        down.edges.insert(
            (from.to_owned(), to.to_owned()),
            vec![Site {
                file: "src/ui/gallery.rs".to_owned(),
                line: 7,
                from: from.to_owned(),
                to: to.to_owned(),
            }],
        );
    }
    assert_eq!(layering_report(&down, &[&["api"], &["store"], &["ui"]]), "");
    // An upward import names its file, line and modules.
    down.edges.insert(
        ("api::client".to_owned(), "ui::theme".to_owned()),
        vec![Site {
            file: "src/api/client.rs".to_owned(),
            line: 3,
            from: "api::client".to_owned(),
            to: "ui::theme".to_owned(),
        }],
    );
    down.nodes.insert("ui::theme".to_owned());
    assert_eq!(
        layering_report(&down, &[&["api"], &["store"], &["ui"]]),
        "  api (layer 0) -> ui (layer 2, up)  src/api/client.rs:3 (api::client -> ui::theme)\n"
    );
}

#[test]
fn only_circles_across_more_than_two_files_are_refused() {
    let mut g = sample_graph();
    assert_eq!(
        circles_across_more_than_two_files(&g),
        [vec!["a", "b", "c"]]
    );
    // A hub that imports and is imported by two files: each circle joins two, the component three.
    for (from, to) in [("h", "x"), ("x", "h"), ("h", "y"), ("y", "h")] {
        g.nodes.insert(from.to_owned());
        g.edges.insert((from.to_owned(), to.to_owned()), Vec::new());
    }
    assert_eq!(
        circles_across_more_than_two_files(&g),
        [vec!["a", "b", "c"], vec!["h", "x", "y"]]
    );
}

#[test]
fn test_code_and_files_named_by_path_are_read_only_with_tests() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::create_dir_all(dir.path().join("tests/common")).unwrap();
    std::fs::write(src.join("lib.rs"), "pub mod low;\npub mod high;\n").unwrap();
    std::fs::write(
        src.join("low.rs"),
        "#[cfg(test)]\n#[path = \"../tests/common/helper.rs\"]\nmod helper;\n\
         #[cfg(test)]\nmod tests {\n    use crate::high::H;\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("tests/common/helper.rs"),
        "use crate::high::Other;\n",
    )
    .unwrap();
    std::fs::write(src.join("high.rs"), "use crate::low;\n").unwrap();
    let built = crate_graph_of(dir.path(), Code::Built);
    let keys = |g: &Graph| -> Vec<(String, String)> { g.edges.keys().cloned().collect() };
    assert_eq!(keys(&built), [("high".to_owned(), "low".to_owned())]);
    assert_eq!(
        built.test_files,
        BTreeSet::from([PathBuf::from("tests/common/helper.rs")])
    );
    let all = crate_graph_of(dir.path(), Code::WithTests);
    assert!(all.nodes.contains("low::helper"));
    let up: Vec<(&str, usize)> = all
        .edges
        .iter()
        .filter(|((from, _), _)| from.starts_with("low"))
        .flat_map(|(_, list)| list)
        .map(|s| (s.file.as_str(), s.line))
        .collect();
    assert_eq!(up, [("src/low.rs", 6), ("tests/common/helper.rs", 1)]);
    let report = layering_report(&all, &[&["crate"], &["low"], &["high"]]);
    assert!(
        report.contains("low (layer 1) -> high (layer 2, up)  src/low.rs:6; tests/common/helper.rs:1 (low::helper -> high)"),
        "{report}"
    );
}

#[test]
fn the_crate_graph_resolves_to_the_longest_module() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir_all(src.join("backend")).unwrap();
    std::fs::write(src.join("lib.rs"), "pub mod backend;\npub mod app;\n").unwrap();
    std::fs::write(
        src.join("backend/mod.rs"),
        "mod worker;\nmod protocol;\npub struct Sink;\n",
    )
    .unwrap();
    std::fs::write(
        src.join("backend/worker.rs"),
        "use super::protocol::Event;\nuse super::Sink;\n",
    )
    .unwrap();
    std::fs::write(
        src.join("backend/protocol.rs"),
        "pub enum Event { A(crate::backend::worker::Thing) }\n",
    )
    .unwrap();
    std::fs::write(src.join("app.rs"), "use crate::backend::{self, Sink};\n").unwrap();
    let g = crate_graph(dir.path());
    let edges: Vec<(&str, &str)> = g
        .edges
        .keys()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    assert_eq!(
        edges,
        [
            ("app", "backend"),
            ("backend::protocol", "backend::worker"),
            ("backend::worker", "backend"),
            ("backend::worker", "backend::protocol"),
        ]
    );
    assert_eq!(
        cyclic_components(&g),
        [vec!["backend::protocol", "backend::worker"]]
    );
    assert_eq!(g.edges[&("app".into(), "backend".into())].len(), 2);
}
