//! ISO 3166-1 alpha-2 country codes with their English and Danish short names, for the
//! delivery address's country picker: sorted by name in the person's language, searched by
//! either language's name, the code and common aliases (UK, Holland, America…).
//!
//! The Danish names come from Debian's `iso-codes` translations
//! (`/usr/share/locale/da/LC_MESSAGES/iso_3166-1.mo`), with the everyday short forms the
//! Danish foreign ministry uses where that file has the long official one (Rusland, Sydkorea).

use crate::locale::Language;

/// Every officially assigned code with its name, by code.
pub const COUNTRIES: &[(&str, &str)] = &[
    ("AD", "Andorra"),
    ("AE", "United Arab Emirates"),
    ("AF", "Afghanistan"),
    ("AG", "Antigua and Barbuda"),
    ("AI", "Anguilla"),
    ("AL", "Albania"),
    ("AM", "Armenia"),
    ("AO", "Angola"),
    ("AQ", "Antarctica"),
    ("AR", "Argentina"),
    ("AS", "American Samoa"),
    ("AT", "Austria"),
    ("AU", "Australia"),
    ("AW", "Aruba"),
    ("AX", "Åland Islands"),
    ("AZ", "Azerbaijan"),
    ("BA", "Bosnia and Herzegovina"),
    ("BB", "Barbados"),
    ("BD", "Bangladesh"),
    ("BE", "Belgium"),
    ("BF", "Burkina Faso"),
    ("BG", "Bulgaria"),
    ("BH", "Bahrain"),
    ("BI", "Burundi"),
    ("BJ", "Benin"),
    ("BL", "Saint Barthélemy"),
    ("BM", "Bermuda"),
    ("BN", "Brunei Darussalam"),
    ("BO", "Bolivia"),
    ("BQ", "Bonaire, Sint Eustatius and Saba"),
    ("BR", "Brazil"),
    ("BS", "Bahamas"),
    ("BT", "Bhutan"),
    ("BV", "Bouvet Island"),
    ("BW", "Botswana"),
    ("BY", "Belarus"),
    ("BZ", "Belize"),
    ("CA", "Canada"),
    ("CC", "Cocos (Keeling) Islands"),
    ("CD", "Congo, Democratic Republic of the"),
    ("CF", "Central African Republic"),
    ("CG", "Congo"),
    ("CH", "Switzerland"),
    ("CI", "Côte d'Ivoire"),
    ("CK", "Cook Islands"),
    ("CL", "Chile"),
    ("CM", "Cameroon"),
    ("CN", "China"),
    ("CO", "Colombia"),
    ("CR", "Costa Rica"),
    ("CU", "Cuba"),
    ("CV", "Cabo Verde"),
    ("CW", "Curaçao"),
    ("CX", "Christmas Island"),
    ("CY", "Cyprus"),
    ("CZ", "Czechia"),
    ("DE", "Germany"),
    ("DJ", "Djibouti"),
    ("DK", "Denmark"),
    ("DM", "Dominica"),
    ("DO", "Dominican Republic"),
    ("DZ", "Algeria"),
    ("EC", "Ecuador"),
    ("EE", "Estonia"),
    ("EG", "Egypt"),
    ("EH", "Western Sahara"),
    ("ER", "Eritrea"),
    ("ES", "Spain"),
    ("ET", "Ethiopia"),
    ("FI", "Finland"),
    ("FJ", "Fiji"),
    ("FK", "Falkland Islands (Malvinas)"),
    ("FM", "Micronesia"),
    ("FO", "Faroe Islands"),
    ("FR", "France"),
    ("GA", "Gabon"),
    ("GB", "United Kingdom"),
    ("GD", "Grenada"),
    ("GE", "Georgia"),
    ("GF", "French Guiana"),
    ("GG", "Guernsey"),
    ("GH", "Ghana"),
    ("GI", "Gibraltar"),
    ("GL", "Greenland"),
    ("GM", "Gambia"),
    ("GN", "Guinea"),
    ("GP", "Guadeloupe"),
    ("GQ", "Equatorial Guinea"),
    ("GR", "Greece"),
    ("GS", "South Georgia and the South Sandwich Islands"),
    ("GT", "Guatemala"),
    ("GU", "Guam"),
    ("GW", "Guinea-Bissau"),
    ("GY", "Guyana"),
    ("HK", "Hong Kong"),
    ("HM", "Heard Island and McDonald Islands"),
    ("HN", "Honduras"),
    ("HR", "Croatia"),
    ("HT", "Haiti"),
    ("HU", "Hungary"),
    ("ID", "Indonesia"),
    ("IE", "Ireland"),
    ("IL", "Israel"),
    ("IM", "Isle of Man"),
    ("IN", "India"),
    ("IO", "British Indian Ocean Territory"),
    ("IQ", "Iraq"),
    ("IR", "Iran"),
    ("IS", "Iceland"),
    ("IT", "Italy"),
    ("JE", "Jersey"),
    ("JM", "Jamaica"),
    ("JO", "Jordan"),
    ("JP", "Japan"),
    ("KE", "Kenya"),
    ("KG", "Kyrgyzstan"),
    ("KH", "Cambodia"),
    ("KI", "Kiribati"),
    ("KM", "Comoros"),
    ("KN", "Saint Kitts and Nevis"),
    ("KP", "Korea, Democratic People's Republic of"),
    ("KR", "Korea, Republic of"),
    ("KW", "Kuwait"),
    ("KY", "Cayman Islands"),
    ("KZ", "Kazakhstan"),
    ("LA", "Laos"),
    ("LB", "Lebanon"),
    ("LC", "Saint Lucia"),
    ("LI", "Liechtenstein"),
    ("LK", "Sri Lanka"),
    ("LR", "Liberia"),
    ("LS", "Lesotho"),
    ("LT", "Lithuania"),
    ("LU", "Luxembourg"),
    ("LV", "Latvia"),
    ("LY", "Libya"),
    ("MA", "Morocco"),
    ("MC", "Monaco"),
    ("MD", "Moldova"),
    ("ME", "Montenegro"),
    ("MF", "Saint Martin (French part)"),
    ("MG", "Madagascar"),
    ("MH", "Marshall Islands"),
    ("MK", "North Macedonia"),
    ("ML", "Mali"),
    ("MM", "Myanmar"),
    ("MN", "Mongolia"),
    ("MO", "Macao"),
    ("MP", "Northern Mariana Islands"),
    ("MQ", "Martinique"),
    ("MR", "Mauritania"),
    ("MS", "Montserrat"),
    ("MT", "Malta"),
    ("MU", "Mauritius"),
    ("MV", "Maldives"),
    ("MW", "Malawi"),
    ("MX", "Mexico"),
    ("MY", "Malaysia"),
    ("MZ", "Mozambique"),
    ("NA", "Namibia"),
    ("NC", "New Caledonia"),
    ("NE", "Niger"),
    ("NF", "Norfolk Island"),
    ("NG", "Nigeria"),
    ("NI", "Nicaragua"),
    ("NL", "Netherlands"),
    ("NO", "Norway"),
    ("NP", "Nepal"),
    ("NR", "Nauru"),
    ("NU", "Niue"),
    ("NZ", "New Zealand"),
    ("OM", "Oman"),
    ("PA", "Panama"),
    ("PE", "Peru"),
    ("PF", "French Polynesia"),
    ("PG", "Papua New Guinea"),
    ("PH", "Philippines"),
    ("PK", "Pakistan"),
    ("PL", "Poland"),
    ("PM", "Saint Pierre and Miquelon"),
    ("PN", "Pitcairn"),
    ("PR", "Puerto Rico"),
    ("PS", "Palestine, State of"),
    ("PT", "Portugal"),
    ("PW", "Palau"),
    ("PY", "Paraguay"),
    ("QA", "Qatar"),
    ("RE", "Réunion"),
    ("RO", "Romania"),
    ("RS", "Serbia"),
    ("RU", "Russian Federation"),
    ("RW", "Rwanda"),
    ("SA", "Saudi Arabia"),
    ("SB", "Solomon Islands"),
    ("SC", "Seychelles"),
    ("SD", "Sudan"),
    ("SE", "Sweden"),
    ("SG", "Singapore"),
    ("SH", "Saint Helena, Ascension and Tristan da Cunha"),
    ("SI", "Slovenia"),
    ("SJ", "Svalbard and Jan Mayen"),
    ("SK", "Slovakia"),
    ("SL", "Sierra Leone"),
    ("SM", "San Marino"),
    ("SN", "Senegal"),
    ("SO", "Somalia"),
    ("SR", "Suriname"),
    ("SS", "South Sudan"),
    ("ST", "Sao Tome and Principe"),
    ("SV", "El Salvador"),
    ("SX", "Sint Maarten (Dutch part)"),
    ("SY", "Syrian Arab Republic"),
    ("SZ", "Eswatini"),
    ("TC", "Turks and Caicos Islands"),
    ("TD", "Chad"),
    ("TF", "French Southern Territories"),
    ("TG", "Togo"),
    ("TH", "Thailand"),
    ("TJ", "Tajikistan"),
    ("TK", "Tokelau"),
    ("TL", "Timor-Leste"),
    ("TM", "Turkmenistan"),
    ("TN", "Tunisia"),
    ("TO", "Tonga"),
    ("TR", "Türkiye"),
    ("TT", "Trinidad and Tobago"),
    ("TV", "Tuvalu"),
    ("TW", "Taiwan"),
    ("TZ", "Tanzania"),
    ("UA", "Ukraine"),
    ("UG", "Uganda"),
    ("UM", "United States Minor Outlying Islands"),
    ("US", "United States"),
    ("UY", "Uruguay"),
    ("UZ", "Uzbekistan"),
    ("VA", "Holy See"),
    ("VC", "Saint Vincent and the Grenadines"),
    ("VE", "Venezuela"),
    ("VG", "Virgin Islands (British)"),
    ("VI", "Virgin Islands (U.S.)"),
    ("VN", "Viet Nam"),
    ("VU", "Vanuatu"),
    ("WF", "Wallis and Futuna"),
    ("WS", "Samoa"),
    ("YE", "Yemen"),
    ("YT", "Mayotte"),
    ("ZA", "South Africa"),
    ("ZM", "Zambia"),
    ("ZW", "Zimbabwe"),
];

/// The Danish name of every code in [`COUNTRIES`], in the same order.
pub const DANISH: &[(&str, &str)] = &[
    ("AD", "Andorra"),
    ("AE", "De Forenede Arabiske Emirater"),
    ("AF", "Afghanistan"),
    ("AG", "Antigua og Barbuda"),
    ("AI", "Anguilla"),
    ("AL", "Albanien"),
    ("AM", "Armenien"),
    ("AO", "Angola"),
    ("AQ", "Antarktis"),
    ("AR", "Argentina"),
    ("AS", "Amerikansk Samoa"),
    ("AT", "Østrig"),
    ("AU", "Australien"),
    ("AW", "Aruba"),
    ("AX", "Åland"),
    ("AZ", "Aserbajdsjan"),
    ("BA", "Bosnien-Hercegovina"),
    ("BB", "Barbados"),
    ("BD", "Bangladesh"),
    ("BE", "Belgien"),
    ("BF", "Burkina Faso"),
    ("BG", "Bulgarien"),
    ("BH", "Bahrain"),
    ("BI", "Burundi"),
    ("BJ", "Benin"),
    ("BL", "Saint-Barthélemy"),
    ("BM", "Bermuda"),
    ("BN", "Brunei"),
    ("BO", "Bolivia"),
    ("BQ", "Bonaire, Sint Eustatius og Saba"),
    ("BR", "Brasilien"),
    ("BS", "Bahamas"),
    ("BT", "Bhutan"),
    ("BV", "Bouvetøen"),
    ("BW", "Botswana"),
    ("BY", "Hviderusland"),
    ("BZ", "Belize"),
    ("CA", "Canada"),
    ("CC", "Cocosøerne (Keelingøerne)"),
    ("CD", "Den Demokratiske Republik Congo"),
    ("CF", "Den Centralafrikanske Republik"),
    ("CG", "Republikken Congo"),
    ("CH", "Schweiz"),
    ("CI", "Elfenbenskysten"),
    ("CK", "Cookøerne"),
    ("CL", "Chile"),
    ("CM", "Cameroun"),
    ("CN", "Kina"),
    ("CO", "Colombia"),
    ("CR", "Costa Rica"),
    ("CU", "Cuba"),
    ("CV", "Kap Verde"),
    ("CW", "Curaçao"),
    ("CX", "Juleøen"),
    ("CY", "Cypern"),
    ("CZ", "Tjekkiet"),
    ("DE", "Tyskland"),
    ("DJ", "Djibouti"),
    ("DK", "Danmark"),
    ("DM", "Dominica"),
    ("DO", "Den Dominikanske Republik"),
    ("DZ", "Algeriet"),
    ("EC", "Ecuador"),
    ("EE", "Estland"),
    ("EG", "Egypten"),
    ("EH", "Vestsahara"),
    ("ER", "Eritrea"),
    ("ES", "Spanien"),
    ("ET", "Etiopien"),
    ("FI", "Finland"),
    ("FJ", "Fiji"),
    ("FK", "Falklandsøerne"),
    ("FM", "Mikronesien"),
    ("FO", "Færøerne"),
    ("FR", "Frankrig"),
    ("GA", "Gabon"),
    ("GB", "Storbritannien"),
    ("GD", "Grenada"),
    ("GE", "Georgien"),
    ("GF", "Fransk Guyana"),
    ("GG", "Guernsey"),
    ("GH", "Ghana"),
    ("GI", "Gibraltar"),
    ("GL", "Grønland"),
    ("GM", "Gambia"),
    ("GN", "Guinea"),
    ("GP", "Guadeloupe"),
    ("GQ", "Ækvatorialguinea"),
    ("GR", "Grækenland"),
    ("GS", "South Georgia og De Sydlige Sandwichøer"),
    ("GT", "Guatemala"),
    ("GU", "Guam"),
    ("GW", "Guinea-Bissau"),
    ("GY", "Guyana"),
    ("HK", "Hongkong"),
    ("HM", "Heard- og McDonaldøerne"),
    ("HN", "Honduras"),
    ("HR", "Kroatien"),
    ("HT", "Haiti"),
    ("HU", "Ungarn"),
    ("ID", "Indonesien"),
    ("IE", "Irland"),
    ("IL", "Israel"),
    ("IM", "Isle of Man"),
    ("IN", "Indien"),
    ("IO", "Det Britiske Territorium i Det Indiske Ocean"),
    ("IQ", "Irak"),
    ("IR", "Iran"),
    ("IS", "Island"),
    ("IT", "Italien"),
    ("JE", "Jersey"),
    ("JM", "Jamaica"),
    ("JO", "Jordan"),
    ("JP", "Japan"),
    ("KE", "Kenya"),
    ("KG", "Kirgisistan"),
    ("KH", "Cambodja"),
    ("KI", "Kiribati"),
    ("KM", "Comorerne"),
    ("KN", "Saint Kitts og Nevis"),
    ("KP", "Nordkorea"),
    ("KR", "Sydkorea"),
    ("KW", "Kuwait"),
    ("KY", "Caymanøerne"),
    ("KZ", "Kasakhstan"),
    ("LA", "Laos"),
    ("LB", "Libanon"),
    ("LC", "Saint Lucia"),
    ("LI", "Liechtenstein"),
    ("LK", "Sri Lanka"),
    ("LR", "Liberia"),
    ("LS", "Lesotho"),
    ("LT", "Litauen"),
    ("LU", "Luxembourg"),
    ("LV", "Letland"),
    ("LY", "Libyen"),
    ("MA", "Marokko"),
    ("MC", "Monaco"),
    ("MD", "Moldova"),
    ("ME", "Montenegro"),
    ("MF", "Saint-Martin (fransk del)"),
    ("MG", "Madagaskar"),
    ("MH", "Marshalløerne"),
    ("MK", "Nordmakedonien"),
    ("ML", "Mali"),
    ("MM", "Myanmar"),
    ("MN", "Mongoliet"),
    ("MO", "Macao"),
    ("MP", "Nordmarianerne"),
    ("MQ", "Martinique"),
    ("MR", "Mauretanien"),
    ("MS", "Montserrat"),
    ("MT", "Malta"),
    ("MU", "Mauritius"),
    ("MV", "Maldiverne"),
    ("MW", "Malawi"),
    ("MX", "Mexico"),
    ("MY", "Malaysia"),
    ("MZ", "Mozambique"),
    ("NA", "Namibia"),
    ("NC", "Ny Kaledonien"),
    ("NE", "Niger"),
    ("NF", "Norfolkøen"),
    ("NG", "Nigeria"),
    ("NI", "Nicaragua"),
    ("NL", "Nederlandene"),
    ("NO", "Norge"),
    ("NP", "Nepal"),
    ("NR", "Nauru"),
    ("NU", "Niue"),
    ("NZ", "New Zealand"),
    ("OM", "Oman"),
    ("PA", "Panama"),
    ("PE", "Peru"),
    ("PF", "Fransk Polynesien"),
    ("PG", "Papua Ny Guinea"),
    ("PH", "Filippinerne"),
    ("PK", "Pakistan"),
    ("PL", "Polen"),
    ("PM", "Saint-Pierre og Miquelon"),
    ("PN", "Pitcairn"),
    ("PR", "Puerto Rico"),
    ("PS", "Palæstina"),
    ("PT", "Portugal"),
    ("PW", "Palau"),
    ("PY", "Paraguay"),
    ("QA", "Qatar"),
    ("RE", "Réunion"),
    ("RO", "Rumænien"),
    ("RS", "Serbien"),
    ("RU", "Rusland"),
    ("RW", "Rwanda"),
    ("SA", "Saudi-Arabien"),
    ("SB", "Salomonøerne"),
    ("SC", "Seychellerne"),
    ("SD", "Sudan"),
    ("SE", "Sverige"),
    ("SG", "Singapore"),
    ("SH", "Sankt Helena, Ascension og Tristan da Cunha"),
    ("SI", "Slovenien"),
    ("SJ", "Svalbard og Jan Mayen"),
    ("SK", "Slovakiet"),
    ("SL", "Sierra Leone"),
    ("SM", "San Marino"),
    ("SN", "Senegal"),
    ("SO", "Somalia"),
    ("SR", "Surinam"),
    ("SS", "Sydsudan"),
    ("ST", "São Tomé og Príncipe"),
    ("SV", "El Salvador"),
    ("SX", "Sint Maarten (nederlandsk del)"),
    ("SY", "Syrien"),
    ("SZ", "Eswatini"),
    ("TC", "Turks- og Caicosøerne"),
    ("TD", "Tchad"),
    ("TF", "De Franske Sydlige Territorier"),
    ("TG", "Togo"),
    ("TH", "Thailand"),
    ("TJ", "Tadsjikistan"),
    ("TK", "Tokelau"),
    ("TL", "Timor-Leste"),
    ("TM", "Turkmenistan"),
    ("TN", "Tunesien"),
    ("TO", "Tonga"),
    ("TR", "Tyrkiet"),
    ("TT", "Trinidad og Tobago"),
    ("TV", "Tuvalu"),
    ("TW", "Taiwan"),
    ("TZ", "Tanzania"),
    ("UA", "Ukraine"),
    ("UG", "Uganda"),
    ("UM", "USA's mindre øbesiddelser"),
    ("US", "USA"),
    ("UY", "Uruguay"),
    ("UZ", "Usbekistan"),
    ("VA", "Vatikanstaten"),
    ("VC", "Saint Vincent og Grenadinerne"),
    ("VE", "Venezuela"),
    ("VG", "De Britiske Jomfruøer"),
    ("VI", "De Amerikanske Jomfruøer"),
    ("VN", "Vietnam"),
    ("VU", "Vanuatu"),
    ("WF", "Wallis og Futunaøerne"),
    ("WS", "Samoa"),
    ("YE", "Yemen"),
    ("YT", "Mayotte"),
    ("ZA", "Sydafrika"),
    ("ZM", "Zambia"),
    ("ZW", "Zimbabwe"),
];

/// Other names people type for a country (lower case): everyday, former and native names.
const ALIASES: &[(&str, &str)] = &[
    ("uk", "GB"),
    ("great britain", "GB"),
    ("britain", "GB"),
    ("england", "GB"),
    ("scotland", "GB"),
    ("skotland", "GB"),
    ("wales", "GB"),
    ("northern ireland", "GB"),
    ("nordirland", "GB"),
    ("det forenede kongerige", "GB"),
    ("holland", "NL"),
    ("the netherlands", "NL"),
    ("nederland", "NL"),
    ("usa", "US"),
    ("america", "US"),
    ("amerika", "US"),
    ("united states of america", "US"),
    ("forenede stater", "US"),
    ("deutschland", "DE"),
    ("österreich", "AT"),
    ("suomi", "FI"),
    ("ísland", "IS"),
    ("føroyar", "FO"),
    ("faroes", "FO"),
    ("kalaallit nunaat", "GL"),
    ("españa", "ES"),
    ("éire", "IE"),
    ("belgië", "BE"),
    ("czech republic", "CZ"),
    ("turkey", "TR"),
    ("russia", "RU"),
    ("south korea", "KR"),
    ("north korea", "KP"),
    ("ivory coast", "CI"),
    ("burma", "MM"),
    ("swaziland", "SZ"),
    ("macedonia", "MK"),
    ("makedonien", "MK"),
    ("vatican", "VA"),
    ("cape verde", "CV"),
    ("east timor", "TL"),
    ("østtimor", "TL"),
];

/// The country of a BCP 47 / POSIX locale tag (`da-DK`, `da_DK.UTF-8`, `en-GB`, `de-AT`), if
/// it names one logodesk knows; a bare `da` is Denmark (its only Danish-speaking country
/// with an address of its own here).
pub fn from_locale_tag(tag: &str) -> Option<&'static str> {
    let mut parts = tag.split(['-', '_', '.', '@']);
    let language = parts.next().unwrap_or_default();
    let region = parts.find(|p| p.len() == 2 && p.chars().all(|c| c.is_ascii_alphabetic()));
    let code = match region {
        Some(region) => region,
        None if language.eq_ignore_ascii_case("da") => "DK",
        None => return None,
    };
    COUNTRIES
        .iter()
        .find(|(c, _)| c.eq_ignore_ascii_case(code))
        .map(|(c, _)| *c)
}

/// The country of the computer's locale, if it names one.
pub fn of_system() -> Option<&'static str> {
    sys_locale::get_locale().and_then(|tag| from_locale_tag(&tag))
}

/// The name of a code (any case) in `language`, if it is one.
pub fn name(code: &str, language: Language) -> Option<&'static str> {
    let code = code.trim();
    let i = COUNTRIES
        .iter()
        .position(|(c, _)| c.eq_ignore_ascii_case(code))?;
    Some(match language {
        Language::English => COUNTRIES[i].1,
        Language::Danish => DANISH[i].1,
    })
}

/// The English name of a code (any case), if it is one.
pub fn name_of(code: &str) -> Option<&'static str> {
    name(code, Language::English)
}

/// Lower case with the accents taken off, for matching what was typed (so "Aland" finds
/// "Åland" and "Curacao" finds "Curaçao").
fn fold(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .flat_map(|c| {
            let plain = match c {
                'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => "a",
                'æ' => "ae",
                'ç' => "c",
                'è' | 'é' | 'ê' | 'ë' => "e",
                'ì' | 'í' | 'î' | 'ï' => "i",
                'ñ' => "n",
                'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' => "o",
                'ù' | 'ú' | 'û' | 'ü' => "u",
                'ý' | 'ÿ' => "y",
                _ => return vec![c],
            };
            plain.chars().collect()
        })
        .collect()
}

/// How a name sorts in `language`: Danish puts æ, ø and å after z (ä, ö and ü with them, as
/// Danish dictionaries do); English folds every accent away.
fn sort_key(name: &str, language: Language) -> String {
    match language {
        Language::English => fold(name),
        Language::Danish => name
            .to_lowercase()
            .chars()
            .map(|c| match c {
                'æ' | 'ä' => '{',
                'ø' | 'ö' => '|',
                'å' => '}',
                'ü' => 'y',
                c => fold(&c.to_string()).chars().next().unwrap_or(c),
            })
            .collect(),
    }
}

/// Every country as (code, name in `language`), sorted by that name.
pub fn sorted(language: Language) -> Vec<(&'static str, &'static str)> {
    let mut all: Vec<(&str, &str)> = COUNTRIES
        .iter()
        .filter_map(|(c, _)| Some((*c, name(c, language)?)))
        .collect();
    all.sort_by_cached_key(|(_, n)| sort_key(n, language));
    all
}

/// Countries matching `query` as (code, name in `language`): an exact code or alias first,
/// then a name (Danish or English) or alias starting with it, then names containing it; by
/// name within each group. An empty query lists every country by name.
pub fn search(query: &str, language: Language) -> Vec<(&'static str, &'static str)> {
    let q = fold(query);
    if q.is_empty() {
        return sorted(language);
    }
    let mut hits: Vec<(u8, String, (&str, &str))> = sorted(language)
        .into_iter()
        .filter_map(|(c, shown)| {
            let names = [name(c, Language::English), name(c, Language::Danish)]
                .map(|n| fold(n.unwrap_or_default()));
            let aliases: Vec<String> = ALIASES
                .iter()
                .filter(|(_, code)| *code == c)
                .map(|(a, _)| fold(a))
                .collect();
            let rank = if c.eq_ignore_ascii_case(&q) || aliases.contains(&q) {
                0
            } else if names.iter().chain(&aliases).any(|n| n.starts_with(&q)) {
                1
            } else if names.iter().any(|n| n.contains(&q)) {
                2
            } else {
                return None;
            };
            Some((rank, sort_key(shown, language), (c, shown)))
        })
        .collect();
    hits.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    hits.into_iter().map(|(_, _, c)| c).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_locale_names_its_country() {
        use super::from_locale_tag;
        assert_eq!(from_locale_tag("da-DK"), Some("DK"));
        assert_eq!(from_locale_tag("da_DK.UTF-8"), Some("DK"));
        assert_eq!(from_locale_tag("da"), Some("DK"));
        assert_eq!(from_locale_tag("en-GB"), Some("GB"));
        assert_eq!(from_locale_tag("de_AT@euro"), Some("AT"));
        assert_eq!(from_locale_tag("sv-Latn-SE"), Some("SE"), "past the script");
        assert_eq!(from_locale_tag("en"), None);
        assert_eq!(from_locale_tag("C"), None);
        assert_eq!(from_locale_tag("en-XX"), None);
    }

    use super::*;

    #[test]
    fn the_tables_are_complete_and_sorted() {
        assert_eq!(COUNTRIES.len(), 249);
        assert!(COUNTRIES.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(COUNTRIES.iter().all(|(c, _)| c.len() == 2));
        let codes = |t: &'static [(&'static str, &'static str)]| -> Vec<&'static str> {
            t.iter().map(|(c, _)| *c).collect()
        };
        assert_eq!(codes(DANISH), codes(COUNTRIES));
        assert!(DANISH.iter().all(|(_, n)| !n.is_empty()));
        assert!(ALIASES.iter().all(|(_, c)| name_of(c).is_some()));
    }

    #[test]
    fn names_in_each_language() {
        assert_eq!(name("de", Language::Danish), Some("Tyskland"));
        assert_eq!(name("DE", Language::English), Some("Germany"));
        assert_eq!(name("fo", Language::Danish), Some("Færøerne"));
        assert_eq!(name_of("de"), Some("Germany"));
        assert_eq!(name("XX", Language::Danish), None);
    }

    #[test]
    fn sorted_by_name_in_the_language() {
        let da = sorted(Language::Danish);
        assert_eq!(da.len(), 249);
        assert_eq!(da[0], ("AF", "Afghanistan"));
        // Æ, Ø and Å come after Z in Danish: Åland is last, Østrig just before it.
        let last: Vec<&str> = da.iter().rev().take(3).map(|(c, _)| *c).collect();
        assert_eq!(last, ["AX", "AT", "GQ"]);
        let en = sorted(Language::English);
        assert_eq!(en[0], ("AF", "Afghanistan"));
        // Åland sorts as "Aland" in English, right after Afghanistan.
        assert_eq!(en[1], ("AX", "Åland Islands"));
        assert_eq!(en.last(), Some(&("ZW", "Zimbabwe")));
    }

    #[test]
    fn search_by_code_name_in_either_language_or_alias() {
        let first = |q: &str, l| search(q, l)[0].0;
        assert_eq!(search("dk", Language::English)[0], ("DK", "Denmark"));
        assert_eq!(search("Danm", Language::Danish)[0], ("DK", "Danmark"));
        assert_eq!(first("denm", Language::Danish), "DK");
        assert_eq!(first("swe", Language::English), "SE");
        assert_eq!(first("Sverige", Language::English), "SE");
        assert_eq!(first("Tyskland", Language::English), "DE");
        assert_eq!(first("Norge", Language::Danish), "NO");
        assert_eq!(first("Færøerne", Language::English), "FO");
        assert_eq!(first("Grønland", Language::Danish), "GL");
        assert_eq!(first("Holland", Language::English), "NL");
        assert_eq!(first("holl", Language::Danish), "NL");
        for uk in ["UK", "Great Britain", "England", "storbrit"] {
            assert_eq!(first(uk, Language::Danish), "GB", "{uk}");
        }
        for us in ["USA", "America", "us"] {
            assert_eq!(first(us, Language::English), "US", "{us}");
        }
        assert_eq!(first("aland", Language::English), "AX");
        assert!(
            search("land", Language::English)
                .iter()
                .any(|(c, _)| *c == "FI")
        );
        assert!(search("qqq", Language::English).is_empty());
    }
}
