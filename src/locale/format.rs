//! The one formatter of money, numbers, dates and times, following the [`Language`]:
//!
//! | | Danish | English |
//! |---|---|---|
//! | money (DKK) | `1.234,56 kr.` | `DKK 1,234.56` |
//! | money (other) | `1.234,56 EUR` | `EUR 1,234.56` |
//! | number | `1.234,5` | `1,234.5` |
//! | date | `25.11.2026` | `25 Nov 2026` |
//! | long date | `25. nov. 2026` | `25 Nov 2026` |
//! | date and time | `25.11.2026 14:05` | `25 Nov 2026, 14:05` |
//!
//! Money is rounded to two decimals **half away from zero** (0.125 → 0.13, −0.125 → −0.13),
//! the rule the service and [`crate::pricing::round2`] use, so a shown amount matches the
//! service's own rounding; half-even ("banker's") rounding would show 0.12 there. Times are
//! shown in the computer's local time zone (with the offset in force at that instant, so a
//! time on either side of a daylight-saving change reads as the clock on the wall did).

use super::Language;
use chrono::{DateTime, Datelike, Local, NaiveDate, TimeZone};
use rust_decimal::{Decimal, RoundingStrategy};

const DANISH_MONTHS: [&str; 12] = [
    "jan.", "feb.", "mar.", "apr.", "maj", "jun.", "jul.", "aug.", "sep.", "okt.", "nov.", "dec.",
];
const ENGLISH_MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

impl Language {
    /// The separator of thousands.
    pub fn group_separator(self) -> char {
        match self {
            Language::Danish => '.',
            Language::English => ',',
        }
    }

    /// The decimal separator.
    pub fn decimal_separator(self) -> char {
        match self {
            Language::Danish => ',',
            Language::English => '.',
        }
    }

    /// `value` with `decimals` decimals (rounded half away from zero) and grouped thousands:
    /// `1.234,50` / `1,234.50`. A value that rounds to zero has no minus sign.
    pub fn number(self, value: Decimal, decimals: u32) -> String {
        let rounded =
            value.round_dp_with_strategy(decimals, RoundingStrategy::MidpointAwayFromZero);
        let plain = format!("{:.*}", decimals as usize, rounded.abs());
        let (whole, fraction) = plain.split_once('.').unwrap_or((&plain, ""));
        let mut out = String::with_capacity(plain.len() + plain.len() / 3 + 1);
        if rounded.is_sign_negative() && !rounded.is_zero() {
            out.push('-');
        }
        out.push_str(&self.grouped(whole));
        if !fraction.is_empty() {
            out.push(self.decimal_separator());
            out.push_str(fraction);
        }
        out
    }

    /// A whole number with grouped thousands: `12.500` / `12,500`.
    pub fn integer(self, value: i64) -> String {
        let digits = value.unsigned_abs().to_string();
        let sign = if value < 0 { "-" } else { "" };
        format!("{sign}{}", self.grouped(&digits))
    }

    /// A number as typed in this language, without grouping (`12,5` / `12.5`): what a
    /// spreadsheet of the locale reads as a number.
    pub fn plain_number(self, value: Decimal) -> String {
        let text = value.normalize().to_string();
        match self {
            Language::Danish => text.replace('.', ","),
            Language::English => text,
        }
    }

    /// A measurement such as millimetres: at most two decimals, no trailing zeros
    /// (`90,5` / `90.5`, `40`); `?` for a value that is not a number.
    pub fn measure(self, value: f64) -> String {
        match Decimal::from_f64_retain(value) {
            Some(d) => {
                let rounded = d
                    .round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
                    .normalize();
                self.number(rounded, rounded.scale())
            }
            None => "?".to_owned(),
        }
    }

    /// An amount of data on disk in units of 1024 (as file managers count): `0 B`, `512 B`,
    /// `12,3 MB` / `12.3 MB`, `200 MB`, `1,5 GB`; one decimal at most, no trailing zero.
    pub fn file_size(self, bytes: u64) -> String {
        const UNITS: [&str; 4] = ["KB", "MB", "GB", "TB"];
        if bytes < 1024 {
            return format!("{} B", self.integer(bytes as i64));
        }
        let round = |v: Decimal| {
            v.round_dp_with_strategy(1, RoundingStrategy::MidpointAwayFromZero)
                .normalize()
        };
        let mut value = Decimal::from(bytes) / Decimal::from(1024);
        let mut unit = 0;
        // 1023,96 KB rounds to 1024 KB: that is 1 MB.
        while unit + 1 < UNITS.len() && round(value) >= Decimal::from(1024) {
            value /= Decimal::from(1024);
            unit += 1;
        }
        let rounded = round(value);
        format!("{} {}", self.number(rounded, rounded.scale()), UNITS[unit])
    }

    fn grouped(self, digits: &str) -> String {
        let sep = self.group_separator();
        let mut out = String::with_capacity(digits.len() + digits.len() / 3);
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(sep);
            }
            out.push(c);
        }
        out
    }

    /// An amount of `currency` (an ISO code such as `DKK`): `1.234,56 kr.` / `DKK 1,234.56`,
    /// `1.234,56 EUR` / `EUR 1,234.56`, two decimals rounded half away from zero; negative
    /// amounts `-1.234,56 kr.` / `-DKK 1,234.56`. An empty currency gives the number alone.
    pub fn money(self, amount: Decimal, currency: &str) -> String {
        let currency = currency.trim();
        let number = self.number(amount, 2);
        if currency.is_empty() {
            return number;
        }
        let code = currency.to_ascii_uppercase();
        match self {
            Language::Danish if code == "DKK" => format!("{number} kr."),
            Language::Danish => format!("{number} {code}"),
            Language::English => match number.strip_prefix('-') {
                Some(positive) => format!("-{code} {positive}"),
                None => format!("{code} {number}"),
            },
        }
    }

    /// A date: `25.11.2026` / `25 Nov 2026`.
    pub fn date(self, date: NaiveDate) -> String {
        match self {
            Language::Danish => date.format("%d.%m.%Y").to_string(),
            Language::English => self.date_long(date),
        }
    }

    /// A date with its month's name: `25. nov. 2026` / `25 Nov 2026`.
    pub fn date_long(self, date: NaiveDate) -> String {
        let month = date.month0() as usize;
        match self {
            Language::Danish => format!("{}. {} {}", date.day(), DANISH_MONTHS[month], date.year()),
            Language::English => {
                format!("{} {} {}", date.day(), ENGLISH_MONTHS[month], date.year())
            }
        }
    }

    /// An instant in the computer's local time: `25.11.2026 14:05` / `25 Nov 2026, 14:05`.
    pub fn date_time<Tz: TimeZone>(self, instant: &DateTime<Tz>) -> String {
        self.date_time_in(instant, &Local)
    }

    /// An instant in the time zone `zone` (the app uses [`Local`]).
    pub fn date_time_in<Tz: TimeZone, Z: TimeZone>(
        self,
        instant: &DateTime<Tz>,
        zone: &Z,
    ) -> String {
        let local = instant.with_timezone(zone).naive_local();
        let clock = local.format("%H:%M");
        match self {
            Language::Danish => format!("{} {clock}", self.date(local.date())),
            Language::English => format!("{}, {clock}", self.date(local.date())),
        }
    }

    /// A stored RFC 3339 time stamp in local time; the text itself if it is not one.
    pub fn time_stamp(self, rfc3339: &str) -> String {
        DateTime::parse_from_rfc3339(rfc3339)
            .map(|t| self.date_time(&t))
            .unwrap_or_else(|_| rfc3339.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{FixedOffset, LocalResult, NaiveDateTime, Utc};
    use std::str::FromStr as _;

    const DA: Language = Language::Danish;
    const EN: Language = Language::English;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn money_in_both_languages() {
        assert_eq!(DA.money(d("1234.56"), "DKK"), "1.234,56 kr.");
        assert_eq!(EN.money(d("1234.56"), "DKK"), "DKK 1,234.56");
        assert_eq!(DA.money(d("1234.56"), "EUR"), "1.234,56 EUR");
        assert_eq!(EN.money(d("1234.56"), "eur"), "EUR 1,234.56");
        assert_eq!(DA.money(d("5"), "dkk "), "5,00 kr.");
        assert_eq!(EN.money(d("0"), "DKK"), "DKK 0.00");
        assert_eq!(DA.money(d("999.999"), "DKK"), "1.000,00 kr.");
        assert_eq!(EN.money(d("12.5"), ""), "12.50");
    }

    #[test]
    fn negative_money_keeps_its_sign_in_front() {
        assert_eq!(DA.money(d("-1234.5"), "DKK"), "-1.234,50 kr.");
        assert_eq!(EN.money(d("-1234.5"), "DKK"), "-DKK 1,234.50");
        assert_eq!(EN.money(d("-0.5"), "EUR"), "-EUR 0.50");
        // Rounds to nothing: no "-0,00".
        assert_eq!(DA.money(d("-0.001"), "DKK"), "0,00 kr.");
        assert_eq!(EN.money(d("-0.004"), "DKK"), "DKK 0.00");
    }

    #[test]
    fn money_rounds_half_away_from_zero_not_half_even() {
        // Half-even would give 0.12 and 0.12 / -0.12; the service rounds away from zero.
        assert_eq!(EN.money(d("0.125"), "DKK"), "DKK 0.13");
        assert_eq!(DA.money(d("0.125"), "DKK"), "0,13 kr.");
        assert_eq!(EN.money(d("-0.125"), "DKK"), "-DKK 0.13");
        assert_eq!(EN.money(d("0.135"), "DKK"), "DKK 0.14");
        assert_eq!(EN.money(d("250.125"), "DKK"), "DKK 250.13");
        assert_eq!(EN.money(d("0.1249"), "DKK"), "DKK 0.12");
    }

    #[test]
    fn big_numbers_are_grouped() {
        assert_eq!(DA.money(d("1234567890.5"), "DKK"), "1.234.567.890,50 kr.");
        assert_eq!(EN.money(d("1234567890.5"), "DKK"), "DKK 1,234,567,890.50");
        assert_eq!(EN.number(d("100000"), 0), "100,000");
        assert_eq!(DA.number(d("123.456"), 1), "123,5");
        assert_eq!(DA.number(d("-1000"), 2), "-1.000,00");
        assert_eq!(DA.integer(12_500), "12.500");
        assert_eq!(EN.integer(-1_000_000), "-1,000,000");
        assert_eq!(EN.integer(999), "999");
        assert_eq!(DA.integer(i64::MIN), "-9.223.372.036.854.775.808");
        assert_eq!(
            EN.number(Decimal::MAX, 0),
            "79,228,162,514,264,337,593,543,950,335"
        );
    }

    #[test]
    fn file_sizes_count_in_1024s_with_one_decimal() {
        assert_eq!(DA.file_size(0), "0 B");
        assert_eq!(EN.file_size(1023), "1,023 B");
        assert_eq!(EN.file_size(1024), "1 KB");
        assert_eq!(DA.file_size(12_897_485), "12,3 MB");
        assert_eq!(EN.file_size(12_897_485), "12.3 MB");
        assert_eq!(DA.file_size(200 * 1024 * 1024), "200 MB");
        assert_eq!(EN.file_size(1024 * 1024 - 1), "1 MB");
        assert_eq!(DA.file_size(3 * 1024 * 1024 * 1024 / 2), "1,5 GB");
    }

    #[test]
    fn measures_drop_trailing_zeros() {
        assert_eq!(DA.measure(90.5), "90,5");
        assert_eq!(EN.measure(90.5), "90.5");
        assert_eq!(EN.measure(40.0), "40");
        assert_eq!(DA.measure(0.1), "0,1");
        assert_eq!(EN.measure(12.345), "12.35");
        assert_eq!(DA.measure(-0.001), "0");
        assert_eq!(DA.measure(10_000.0), "10.000");
        assert_eq!(EN.measure(f64::NAN), "?");
        assert_eq!(EN.measure(f64::INFINITY), "?");
    }

    #[test]
    fn plain_numbers_use_the_decimal_separator_only() {
        assert_eq!(DA.plain_number(d("1234.50")), "1234,5");
        assert_eq!(EN.plain_number(d("1234.50")), "1234.5");
        assert_eq!(DA.plain_number(d("-3")), "-3");
    }

    #[test]
    fn dates_in_both_languages() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
        assert_eq!(DA.date(day), "25.11.2026");
        assert_eq!(EN.date(day), "25 Nov 2026");
        assert_eq!(DA.date_long(day), "25. nov. 2026");
        assert_eq!(EN.date_long(day), "25 Nov 2026");
        let may = NaiveDate::from_ymd_opt(2026, 5, 3).unwrap();
        assert_eq!(DA.date(may), "03.05.2026");
        assert_eq!(DA.date_long(may), "3. maj 2026");
        assert_eq!(EN.date(may), "3 May 2026");
    }

    #[test]
    fn date_times_in_a_zone() {
        let at = Utc.with_ymd_and_hms(2026, 11, 25, 13, 5, 0).unwrap();
        let cet = FixedOffset::east_opt(3600).unwrap();
        assert_eq!(DA.date_time_in(&at, &cet), "25.11.2026 14:05");
        assert_eq!(EN.date_time_in(&at, &cet), "25 Nov 2026, 14:05");
        // Late in the evening UTC is the next day here.
        let late = Utc.with_ymd_and_hms(2026, 12, 31, 23, 30, 0).unwrap();
        assert_eq!(DA.date_time_in(&late, &cet), "01.01.2027 00:30");
    }

    /// Copenhagen's clock: CET (+1), CEST (+2) from the last Sunday of March 01:00 UTC to
    /// the last Sunday of October 01:00 UTC (the EU rule).
    #[derive(Clone, Copy)]
    struct Copenhagen;

    impl Copenhagen {
        fn last_sunday_1am_utc(year: i32, month: u32) -> NaiveDateTime {
            let mut day = NaiveDate::from_ymd_opt(year, month + 1, 1)
                .unwrap()
                .pred_opt()
                .unwrap();
            while day.weekday() != chrono::Weekday::Sun {
                day = day.pred_opt().unwrap();
            }
            day.and_hms_opt(1, 0, 0).unwrap()
        }

        fn offset_at_utc(utc: &NaiveDateTime) -> FixedOffset {
            let start = Self::last_sunday_1am_utc(utc.year(), 3);
            let end = Self::last_sunday_1am_utc(utc.year(), 10);
            let hours = if *utc >= start && *utc < end { 2 } else { 1 };
            FixedOffset::east_opt(hours * 3600).unwrap()
        }
    }

    impl TimeZone for Copenhagen {
        type Offset = FixedOffset;

        fn from_offset(_: &FixedOffset) -> Self {
            Copenhagen
        }

        fn offset_from_local_date(&self, local: &NaiveDate) -> LocalResult<FixedOffset> {
            self.offset_from_local_datetime(&local.and_hms_opt(12, 0, 0).unwrap())
        }

        fn offset_from_local_datetime(&self, local: &NaiveDateTime) -> LocalResult<FixedOffset> {
            LocalResult::Single(Self::offset_at_utc(&(*local - chrono::Duration::hours(1))))
        }

        fn offset_from_utc_date(&self, utc: &NaiveDate) -> FixedOffset {
            Self::offset_at_utc(&utc.and_hms_opt(0, 0, 0).unwrap())
        }

        fn offset_from_utc_datetime(&self, utc: &NaiveDateTime) -> FixedOffset {
            Self::offset_at_utc(utc)
        }
    }

    #[test]
    fn times_around_a_daylight_saving_change_use_the_offset_of_their_instant() {
        // 29 March 2026: at 01:00 UTC the clocks in Denmark jump from 02:00 to 03:00.
        let before = Utc.with_ymd_and_hms(2026, 3, 29, 0, 59, 0).unwrap();
        let after = Utc.with_ymd_and_hms(2026, 3, 29, 1, 0, 0).unwrap();
        assert_eq!(DA.date_time_in(&before, &Copenhagen), "29.03.2026 01:59");
        assert_eq!(DA.date_time_in(&after, &Copenhagen), "29.03.2026 03:00");
        // 25 October 2026: at 01:00 UTC they go back from 03:00 to 02:00.
        let before = Utc.with_ymd_and_hms(2026, 10, 25, 0, 30, 0).unwrap();
        let after = Utc.with_ymd_and_hms(2026, 10, 25, 1, 30, 0).unwrap();
        assert_eq!(EN.date_time_in(&before, &Copenhagen), "25 Oct 2026, 02:30");
        assert_eq!(EN.date_time_in(&after, &Copenhagen), "25 Oct 2026, 02:30");
        // A time stamp written with another offset reads the same instant.
        let stamped = DateTime::parse_from_rfc3339("2026-03-29T03:30:00+02:00").unwrap();
        assert_eq!(DA.date_time_in(&stamped, &Copenhagen), "29.03.2026 03:30");
    }

    #[test]
    fn time_stamps_that_are_not_rfc3339_are_shown_as_they_are() {
        assert_eq!(DA.time_stamp("yesterday"), "yesterday");
        let shown = EN.time_stamp("2026-11-25T13:05:00Z");
        assert!(
            shown.starts_with("25 Nov 2026, ") || shown.starts_with("26 Nov 2026, "),
            "{shown}"
        );
    }
}
