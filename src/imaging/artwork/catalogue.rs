//! The demo logos as data: what each of the 40 is (a kind of design and its inks, words and
//! sizes) and its title. The drawing is in `designs`.

#[derive(Debug, Clone, Copy)]
pub(super) enum Pattern {
    VStripes,
    HBands,
    Chevron,
    Quartered,
    Diagonal,
}

#[derive(Debug, Clone, Copy)]
pub(super) enum Emblem {
    None,
    Star,
    Ball,
    Stars3,
}

#[derive(Debug, Clone, Copy)]
pub(super) enum Icon {
    Bolt,
    House,
    Wheat,
    Wave,
}

#[derive(Debug, Clone, Copy)]
pub(super) enum Design {
    /// Shield: border, field with a pattern, chief with initials, emblem.
    Crest {
        w: u32,
        h: u32,
        border: &'static str,
        field: &'static str,
        pattern_ink: &'static str,
        pattern: Pattern,
        text: &'static str,
        initials: &'static str,
        emblem: Emblem,
    },
    /// Round badge: ring with lettering around, inner disc with initials.
    Roundel {
        size: u32,
        ring: &'static str,
        ring_text: &'static str,
        disc: &'static str,
        center: &'static str,
        upper: &'static str,
        lower: &'static str,
        initials: &'static str,
    },
    /// Football: black and white panels, optional club-colored ring.
    Football {
        size: u32,
        ring: Option<&'static str>,
        caption: Option<&'static str>,
    },
    /// Handball with curved seams and a ribbon caption.
    Handball {
        size: u32,
        ball: &'static str,
        seams: &'static str,
        banner: &'static str,
        caption: &'static str,
    },
    /// Ribbon banner with a word.
    Banner {
        w: u32,
        h: u32,
        band: &'static str,
        tails: &'static str,
        text_ink: &'static str,
        text: &'static str,
    },
    /// Big jersey number with outline and drop shadow.
    Number {
        digits: &'static str,
        fill: &'static str,
        outline: &'static str,
        shadow: Option<&'static str>,
    },
    /// Sponsor plate: rounded rectangle, inner rule, two lines, icon.
    Sponsor {
        w: u32,
        h: u32,
        plate: &'static str,
        accent: &'static str,
        small_ink: &'static str,
        big: &'static str,
        small: &'static str,
        icon: Icon,
    },
    /// Laurel wreath around a number with a ribbon.
    Laurel {
        size: u32,
        leaves: &'static str,
        text_ink: &'static str,
        ribbon_text: &'static str,
        big: &'static str,
        ribbon: &'static str,
    },
    /// Sun over mountains with lettering (camp / event).
    Camp {
        w: u32,
        h: u32,
        sun: &'static str,
        hills: &'static str,
        text_ink: &'static str,
        line1: &'static str,
        line2: &'static str,
    },
    /// Pennant flag with hoist band and initials.
    Pennant {
        w: u32,
        h: u32,
        flag: &'static str,
        hoist: &'static str,
        text_ink: &'static str,
        text: &'static str,
    },
    /// Hexagonal badge with a big word and a small line.
    Hexagon {
        size: u32,
        outer: &'static str,
        inner: &'static str,
        text_ink: &'static str,
        big: &'static str,
        small: &'static str,
    },
    /// Stars over a wordmark with an underline bar.
    StarsWordmark {
        w: u32,
        h: u32,
        stars: &'static str,
        text_ink: &'static str,
        bar: &'static str,
        text: &'static str,
    },
    /// Two-line stacked wordmark with outline.
    Stacked {
        w: u32,
        h: u32,
        fill: &'static str,
        outline: &'static str,
        line1: &'static str,
        line2: &'static str,
    },
}

/// The 40 demo logos: a title and a design each.
pub(super) fn catalogue(i: usize) -> (&'static str, Design) {
    use Design::*;
    match i {
        0 => (
            "Nordby IF crest",
            Crest {
                w: 440,
                h: 520,
                border: "282",
                field: "186",
                pattern_ink: "HVID",
                pattern: Pattern::VStripes,
                text: "HVID",
                initials: "NIF",
                emblem: Emblem::None,
            },
        ),
        1 => (
            "Home jersey chest logo",
            Roundel {
                size: 520,
                ring: "186",
                ring_text: "HVID",
                disc: "HVID",
                center: "186",
                upper: "NORDBY IDRÆTSFORENING",
                lower: "STIFTET 1923",
                initials: "NIF",
            },
        ),
        2 => (
            "Away jersey chest logo",
            Roundel {
                size: 520,
                ring: "282",
                ring_text: "HVID",
                disc: "299",
                center: "HVID",
                upper: "NORDBY IDRÆTSFORENING",
                lower: "STIFTET 1923",
                initials: "NIF",
            },
        ),
        3 => (
            "Sponsor: Bager Hansen",
            Sponsor {
                w: 760,
                h: 300,
                plate: "4625",
                accent: "7502",
                small_ink: "HVID",
                big: "BAGER HANSEN",
                small: "NORDBY SIDEN 1961",
                icon: Icon::Wheat,
            },
        ),
        4 => (
            "Handball section badge",
            Handball {
                size: 500,
                ball: "109",
                seams: "282",
                banner: "186",
                caption: "HÅNDBOLD",
            },
        ),
        5 => (
            "Youth camp 2026",
            Camp {
                w: 560,
                h: 520,
                sun: "151",
                hills: "348",
                text_ink: "282",
                line1: "YOUTH CAMP",
                line2: "2026",
            },
        ),
        6 => (
            "Football section crest",
            Crest {
                w: 440,
                h: 520,
                border: "SORT",
                field: "186",
                pattern_ink: "HVID",
                pattern: Pattern::Chevron,
                text: "HVID",
                initials: "FCN",
                emblem: Emblem::Ball,
            },
        ),
        7 => (
            "Back number 10",
            Number {
                digits: "10",
                fill: "HVID",
                outline: "186",
                shadow: Some("282"),
            },
        ),
        8 => (
            "Back print NORDBY",
            Banner {
                w: 860,
                h: 250,
                band: "186",
                tails: "7621",
                text_ink: "HVID",
                text: "NORDBY",
            },
        ),
        9 => (
            "Sponsor: Nordby El-service",
            Sponsor {
                w: 760,
                h: 280,
                plate: "SORT",
                accent: "109",
                small_ink: "HVID",
                big: "NORDBY EL",
                small: "EL - VVS - SERVICE",
                icon: Icon::Bolt,
            },
        ),
        10 => (
            "Centenary wreath",
            Laurel {
                size: 540,
                leaves: "871",
                text_ink: "282",
                ribbon_text: "HVID",
                big: "100",
                ribbon: "1923-2023",
            },
        ),
        11 => (
            "Old boys 40+ badge",
            Hexagon {
                size: 500,
                outer: "282",
                inner: "HVID",
                text_ink: "282",
                big: "40+",
                small: "OLDBOYS",
            },
        ),
        12 => (
            "Women's first team crest",
            Crest {
                w: 420,
                h: 500,
                border: "282",
                field: "HVID",
                pattern_ink: "186",
                pattern: Pattern::HBands,
                text: "HVID",
                initials: "NIF",
                emblem: Emblem::Star,
            },
        ),
        13 => (
            "Training wear small logo",
            StarsWordmark {
                w: 600,
                h: 340,
                stars: "871",
                text_ink: "282",
                bar: "186",
                text: "NIF",
            },
        ),
        14 => (
            "Football section ball",
            Football {
                size: 480,
                ring: Some("186"),
                caption: None,
            },
        ),
        15 => (
            "Supporters' pennant",
            Pennant {
                w: 780,
                h: 360,
                flag: "186",
                hoist: "HVID",
                text_ink: "HVID",
                text: "NORDBY",
            },
        ),
        16 => (
            "Goalkeeper jersey logo",
            Roundel {
                size: 500,
                ring: "348",
                ring_text: "HVID",
                disc: "SORT",
                center: "HVID",
                upper: "NORDBY IF",
                lower: "MÅLMAND",
                initials: "NIF",
            },
        ),
        17 => (
            "Handball jersey number 7",
            Number {
                digits: "7",
                fill: "109",
                outline: "282",
                shadow: None,
            },
        ),
        18 => (
            "Sponsor: Tømrer Madsen",
            Sponsor {
                w: 740,
                h: 300,
                plate: "HVID",
                accent: "342",
                small_ink: "SORT",
                big: "TØMRER MADSEN",
                small: "TLF 12 34 56 78",
                icon: Icon::House,
            },
        ),
        19 => (
            "Handball section crest",
            Crest {
                w: 440,
                h: 520,
                border: "282",
                field: "109",
                pattern_ink: "282",
                pattern: Pattern::Diagonal,
                text: "HVID",
                initials: "NIF",
                emblem: Emblem::None,
            },
        ),
        20 => (
            "Cup final 2026 patch",
            StarsWordmark {
                w: 640,
                h: 360,
                stars: "109",
                text_ink: "SORT",
                bar: "186",
                text: "2026",
            },
        ),
        21 => (
            "Youth team crest U13",
            Crest {
                w: 420,
                h: 500,
                border: "286",
                field: "299",
                pattern_ink: "HVID",
                pattern: Pattern::Quartered,
                text: "HVID",
                initials: "U13",
                emblem: Emblem::None,
            },
        ),
        22 => (
            "Sleeve wordmark",
            Stacked {
                w: 760,
                h: 380,
                fill: "HVID",
                outline: "186",
                line1: "NORDBY",
                line2: "IF",
            },
        ),
        23 => (
            "Football school 2026",
            Football {
                size: 500,
                ring: Some("348"),
                caption: Some("FODBOLDSKOLE"),
            },
        ),
        24 => (
            "Sponsor: Nordby Havn",
            Sponsor {
                w: 760,
                h: 280,
                plate: "286",
                accent: "299",
                small_ink: "HVID",
                big: "NORDBY HAVN",
                small: "FISK - FRAGT - FÆRGE",
                icon: Icon::Wave,
            },
        ),
        25 => (
            "Volunteer crew back print",
            Banner {
                w: 860,
                h: 240,
                band: "348",
                tails: "342",
                text_ink: "HVID",
                text: "FRIVILLIG",
            },
        ),
        26 => (
            "Gymnastics section badge",
            Roundel {
                size: 500,
                ring: "2685",
                ring_text: "HVID",
                disc: "213",
                center: "HVID",
                upper: "NORDBY GYMNASTIK",
                lower: "SPRING",
                initials: "NG",
            },
        ),
        27 => (
            "Back number 23",
            Number {
                digits: "23",
                fill: "186",
                outline: "HVID",
                shadow: Some("SORT"),
            },
        ),
        28 => (
            "Club anniversary 75 years",
            Laurel {
                size: 520,
                leaves: "348",
                text_ink: "186",
                ribbon_text: "HVID",
                big: "75",
                ribbon: "NORDBY IF",
            },
        ),
        29 => (
            "Tennis section badge",
            Hexagon {
                size: 480,
                outer: "348",
                inner: "375",
                text_ink: "HVID",
                big: "NIF",
                small: "TENNIS",
            },
        ),
        30 => (
            "Summer cup 2026",
            Camp {
                w: 560,
                h: 500,
                sun: "109",
                hills: "299",
                text_ink: "286",
                line1: "SUMMER CUP",
                line2: "2026",
            },
        ),
        31 => (
            "Junior pennant",
            Pennant {
                w: 760,
                h: 340,
                flag: "282",
                hoist: "109",
                text_ink: "HVID",
                text: "JUNIOR",
            },
        ),
        32 => (
            "Padel section crest",
            Crest {
                w: 440,
                h: 520,
                border: "SORT",
                field: "021",
                pattern_ink: "SORT",
                pattern: Pattern::VStripes,
                text: "HVID",
                initials: "NIF",
                emblem: Emblem::Stars3,
            },
        ),
        33 => (
            "Team name banner",
            Banner {
                w: 880,
                h: 250,
                band: "282",
                tails: "286",
                text_ink: "109",
                text: "NORDBY IF",
            },
        ),
        34 => (
            "Sponsor: Kiosken ved Hallen",
            Sponsor {
                w: 760,
                h: 300,
                plate: "186",
                accent: "109",
                small_ink: "HVID",
                big: "KIOSKEN",
                small: "VED HALLEN",
                icon: Icon::Wheat,
            },
        ),
        35 => (
            "Coach jacket wordmark",
            Stacked {
                w: 760,
                h: 380,
                fill: "282",
                outline: "HVID",
                line1: "TRÆNER",
                line2: "NIF",
            },
        ),
        36 => (
            "Futsal badge",
            Football {
                size: 460,
                ring: None,
                caption: None,
            },
        ),
        37 => (
            "Beach handball 2026",
            Handball {
                size: 520,
                ball: "021",
                seams: "HVID",
                banner: "299",
                caption: "BEACH 2026",
            },
        ),
        38 => (
            "Esports team crest",
            Crest {
                w: 440,
                h: 520,
                border: "SORT",
                field: "2685",
                pattern_ink: "802",
                pattern: Pattern::Chevron,
                text: "HVID",
                initials: "NIF",
                emblem: Emblem::Star,
            },
        ),
        _ => (
            "Back number 9",
            Number {
                digits: "9",
                fill: "HVID",
                outline: "282",
                shadow: Some("186"),
            },
        ),
    }
}
