//! QR codes: a link as the dark and light modules a phone's camera reads, drawn by whoever
//! shows it (the composer with egui, the proof sheet in its PDF).

/// A QR code's modules, row by row, `width` × `width`; a quiet zone of 4 modules around it is
/// the drawer's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QrCode {
    pub width: usize,
    pub dark: Vec<bool>,
}

impl QrCode {
    /// The code of `text` (medium error correction); `None` for a text too long for one.
    pub fn of(text: &str) -> Option<QrCode> {
        let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
        Some(QrCode {
            width: code.width(),
            dark: code
                .to_colors()
                .into_iter()
                .map(|c| c == qrcode::Color::Dark)
                .collect(),
        })
    }

    /// The dark modules' positions (column, row).
    pub fn dark_modules(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let width = self.width.max(1);
        self.dark
            .iter()
            .enumerate()
            .filter(|(_, d)| **d)
            .map(move |(i, _)| (i % width, i / width))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_makes_a_square_code_with_its_three_finder_patterns() {
        let code =
            QrCode::of("https://klub.sportigan.dk/c/7ZyB1uqM9DUsmUio_hfHNo50lZVMaLBfOZkozgvzVwM")
                .unwrap();
        assert_eq!(code.dark.len(), code.width * code.width);
        let w = code.width;
        // The finder patterns' corners are dark: top left, top right, bottom left.
        for (x, y) in [(0, 0), (w - 1, 0), (0, w - 1)] {
            assert!(code.dark[y * w + x], "({x}, {y})");
        }
        assert!(!code.dark[(w - 1) * w + (w - 1)] || code.dark_modules().count() > w);
        assert!(QrCode::of(&"x".repeat(10_000)).is_none());
    }
}
