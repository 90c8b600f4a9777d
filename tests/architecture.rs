//! The crate's import graph, read from its source text: no import cycle inside `backend/`,
//! none between top-level modules (`app`, `ui`, `cli`, …).
//!
//! Nodes are the modules that are files (`src/backend/worker.rs` is `backend::worker`, a
//! `mod.rs` is its folder's module, `src/lib.rs` is `crate`), found by following the `mod x;`
//! declarations from `src/lib.rs`. Edges are the paths the code writes from the crate's root or
//! upwards: `use crate::…`, `use super::…` (also grouped, nested, `pub use`, inside functions)
//! and `crate::x::…` / `super::x::…` written in code; each resolves to the longest module path
//! that exists. Not read: comments, strings, test code (`#[cfg(test)]` items, such as
//! `mod tests { … }` and `mod http_tests;`), visibilities (`pub(in crate::x)`), and paths that
//! start below the module (`self::x`, or a child's name alone as in `pub use protocol::*`).
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
    /// A literal (string, char, number): it only separates what is around it.
    Literal,
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
            i = skip_quoted(i, &mut line);
            out.push(Token {
                tok: Tok::Literal,
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
}

#[derive(Debug, Default)]
struct FileScan {
    refs: Vec<PathRef>,
    /// `mod x;` declarations outside test code: the inline modules around it, then `x`.
    mod_decls: Vec<Vec<String>>,
    /// `#[cfg(test)] mod x;` declarations, the same way: files of test code.
    test_mod_decls: Vec<Vec<String>>,
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

    /// Reads an attribute at `#`; answers whether it is exactly `#[cfg(test)]`.
    fn attribute(&mut self) -> bool {
        self.i += 1;
        if self.is_punct(0, '!') {
            self.i += 1;
        }
        if !self.is_punct(0, '[') {
            return false;
        }
        let start = self.i;
        self.skip_group();
        let inner: Vec<&Tok> = self.toks[start + 1..self.i.saturating_sub(1)]
            .iter()
            .map(|t| &t.tok)
            .collect();
        inner
            == [
                &Tok::Ident("cfg".into()),
                &Tok::Punct('('),
                &Tok::Ident("test".into()),
                &Tok::Punct(')'),
            ]
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
    let here = |inline: &[(String, usize)]| -> Vec<String> {
        module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(n, _)| n.clone()))
            .collect()
    };
    while let Some(tok) = sc.tok(0).cloned() {
        if tok == Tok::Punct('#') {
            cfg_test |= sc.attribute();
            continue;
        }
        if cfg_test {
            // The item under `#[cfg(test)]`: test code, not read (nor its `mod x;` file).
            cfg_test = false;
            let start = sc.i;
            sc.skip_item();
            let item: Vec<&Tok> = sc.toks[start..sc.i].iter().map(|t| &t.tok).collect();
            if let [.., Tok::Ident(m), Tok::Ident(name), Tok::Punct(';')] = item.as_slice()
                && m == "mod"
            {
                let mut decl: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
                decl.push(name.clone());
                scan.test_mod_decls.push(decl);
            }
            continue;
        }
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
                    scan.mod_decls.push(decl);
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
                        scan.refs.push(PathRef { segments, line });
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
                    scan.refs.push(PathRef { segments, line });
                }
            }
            Tok::Punct('{') => {
                depth += 1;
                sc.i += 1;
            }
            Tok::Punct('}') => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
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

/// Every file module of the crate rooted at `src/lib.rs` under `root`, with its edges.
fn crate_graph(root: &Path) -> Graph {
    let mut graph = Graph::default();
    let mut files: BTreeMap<Vec<String>, (PathBuf, FileScan)> = BTreeMap::new();
    let mut todo = vec![(Vec::<String>::new(), root.join("src/lib.rs"))];
    while let Some((segments, file)) = todo.pop() {
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
        let child_file = |decl: &[String]| {
            let (name, inline) = decl.split_last().expect("a module name");
            let base = inline.iter().fold(dir.clone(), |d, m| d.join(m));
            let flat = base.join(format!("{name}.rs"));
            if flat.exists() {
                flat
            } else {
                base.join(name).join("mod.rs")
            }
        };
        for decl in &scan.mod_decls {
            let mut child_segments = segments.clone();
            child_segments.extend(decl.iter().cloned());
            todo.push((child_segments, child_file(decl)));
        }
        for decl in &scan.test_mod_decls {
            let test_file = child_file(decl);
            graph.test_files.insert(
                test_file
                    .strip_prefix(root)
                    .unwrap_or(&test_file)
                    .to_owned(),
            );
        }
        files.insert(segments, (file, scan));
    }
    let modules: BTreeSet<Vec<String>> = files.keys().cloned().collect();
    for (segments, (file, scan)) in &files {
        let from = module_name(segments);
        graph.nodes.insert(from.clone());
        let relative = file.strip_prefix(root).unwrap_or(file).to_owned();
        let shown = relative.display().to_string();
        graph.files.insert(relative);
        for r in &scan.refs {
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
// The checks.

/// Every file under `src/` is read (but `main.rs` and `src/bin/*.rs`, other crates' roots, and
/// test-only files):
/// a reader that lost modules would find no cycle.
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
/// imports only "downward". Cycles among the modules of one top-level module (today the
/// `api` handlers and the `sandbox`) are allowed; `cargo test --test architecture --
/// --nocapture` lists them.
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
fn comments_strings_visibility_and_test_code_are_not_read() {
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
    let found: Vec<String> = scan.refs.iter().map(|r| r.segments.join("::")).collect();
    assert_eq!(found, ["real::call"]);
    assert_eq!(scan.refs[0].line, 21);
    assert_eq!(scan.mod_decls, [vec!["kept".to_owned()]]);
    assert_eq!(scan.test_mod_decls, [vec!["http_tests".to_owned()]]);
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
