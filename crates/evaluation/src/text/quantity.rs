//! Numbers with their units, normalised to a base unit per dimension (g/mg/mcg -> mg, cm/mm
//! -> mm, weeks/days -> hours, BID/q12h -> doses a day, dates -> month/day/year).

use std::borrow::Cow;

/// What a quantity measures. Values of the same dimension are comparable after conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Dim {
    /// A bare number ("Na 139", "POD 1"): compared by its written value only.
    None,
    Mass,
    Volume,
    Length,
    /// Square millimetres ("aortic valve area 1.4 cm2").
    Area,
    Time,
    Percent,
    Pressure,
    Rate,
    Temperature,
    Units,
    Meq,
    Mmol,
    Count,
    /// Drops of a solution ("4 drops", "1 gtt"): an amount, never its millilitres.
    Drops,
    /// Hounsfield units of a CT density ("980 HU"): never a reading of anything else.
    Density,
    /// Volts ("threshold 0.75 V @ 0.4 ms", "R wave 12.0 mV").
    Voltage,
    /// Amperes of a temporary pacemaker's output ("capture threshold 1.2 mA").
    Current,
    /// A day's place in a count ("POD 2", "HD 3", "DOL 28", "day 5"): never a reading.
    Day,
    /// Doses a day.
    Frequency,
    /// `a` = month * 100 + day, `b` = year (0 when unknown).
    Date,
    /// `a` = month, `b` = year.
    MonthYear,
    /// `a` = minutes after midnight.
    Clock,
    /// A compound unit such as mg/dL, compared by its normalised spelling (an interned
    /// term, so renumbered with the words when an analysis is adopted).
    Compound(super::Term),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Shape {
    Single,
    /// "6-8 weeks", "140s": a low and a high bound.
    Range,
    /// "158/92", "400-80 mg": two values that belong together.
    Pair,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Quantity {
    pub dim: Dim,
    pub shape: Shape,
    /// Value(s) in the dimension's base unit.
    pub a: f64,
    pub b: f64,
    /// The number(s) as written, before unit conversion (detects mg vs mcg swaps).
    pub raw_a: f64,
    pub raw_b: f64,
}

/// How many decimals `x` is written with: those of its shortest decimal form, as
/// `format!("{x}")` writes it, without formatting (this runs for every value compared
/// across units). The least `d` for which the integer `x * 10^d` rounds to, divided back by
/// `10^d`, is exactly `x` again: both the division and reading a decimal round correctly,
/// so that integer is the shortest form's digits. Below 10^12 the product is within far
/// less than 0.5 of it; larger numbers, NaN and infinities are formatted.
pub(crate) fn written_decimals(x: f64) -> i32 {
    let mut scale = 1.0;
    for d in 0..16 {
        let n = (x * scale).round();
        if n.abs() >= 1e12 {
            break;
        }
        if n / scale == x {
            return d;
        }
        scale *= 10.0;
    }
    let written = format!("{x}");
    written.split_once('.').map_or(0, |(_, d)| d.len()) as i32
}

fn close(x: f64, y: f64) -> bool {
    // (Relative, with a tiny absolute floor: a value in a small unit, "429 ms" in hours, is
    // itself tiny.)
    (x - y).abs() <= 1e-12 + 1e-6 * x.abs().max(y.abs())
}

impl Quantity {
    pub(crate) fn single(dim: Dim, raw: f64, factor: f64) -> Self {
        Self {
            dim,
            shape: Shape::Single,
            a: raw * factor,
            b: 0.0,
            raw_a: raw,
            raw_b: 0.0,
        }
    }

    pub(crate) fn two(dim: Dim, shape: Shape, raw_a: f64, raw_b: f64, factor: f64) -> Self {
        Self {
            dim,
            shape,
            a: raw_a * factor,
            b: raw_b * factor,
            raw_a,
            raw_b,
        }
    }

    pub(crate) fn with_unit(self, dim: Dim, factor: f64) -> Self {
        Self {
            dim,
            a: self.raw_a * factor,
            b: self.raw_b * factor,
            ..self
        }
    }

    /// A measured amount or level (dose, volume, lab value, size...), which a wrong unit
    /// can misstate; not a duration, a count, a frequency or a point in time.
    pub(crate) fn is_amount(&self) -> bool {
        !self.is_calendar()
            && !matches!(
                self.dim,
                Dim::None | Dim::Time | Dim::Frequency | Dim::Count | Dim::Day
            )
    }

    /// A date, a time of day or a day's place ("POD 1"): it says when, not how much.
    pub(crate) fn is_time_point(&self) -> bool {
        self.is_calendar() || self.dim == Dim::Day
    }

    pub(crate) fn is_calendar(&self) -> bool {
        matches!(self.dim, Dim::Date | Dim::MonthYear | Dim::Clock)
    }

    /// A day of the calendar (not a time of day: "03/12 06:10" holds one day).
    pub(crate) fn is_day(&self) -> bool {
        matches!(self.dim, Dim::Date | Dim::MonthYear)
    }

    /// Whether a claim's quantity (`self`) states the same thing as a source's.
    /// A bare number matches the written number of a unit-bearing one; a single value
    /// matches inside a source range; dates match when day and month agree and the years
    /// agree or one is not given.
    pub(crate) fn matches(&self, source: &Quantity) -> bool {
        match (self.dim, source.dim) {
            (Dim::Date, Dim::Date) => {
                close(self.a, source.a)
                    && (self.b == 0.0 || source.b == 0.0 || close(self.b, source.b))
            }
            (Dim::MonthYear, Dim::MonthYear) => close(self.a, source.a) && close(self.b, source.b),
            (Dim::Date, Dim::MonthYear) | (Dim::MonthYear, Dim::Date) => false,
            (x, y) if x == y => self.values_match(source, false),
            (Dim::None, y) | (y, Dim::None)
                if !matches!(
                    y,
                    Dim::Date | Dim::MonthYear | Dim::Clock | Dim::Frequency | Dim::Day
                ) =>
            {
                // ("FiO2 of 28%" against a flowsheet's "FiO2 0.28": a fraction is its percent.)
                let fraction = self.dim == Dim::Percent
                    && self.shape == Shape::Single
                    && source.shape == Shape::Single
                    && source.raw_a > 0.0
                    && source.raw_a < 1.0
                    && close(self.a / 100.0, source.raw_a);
                // ("Platelet count 245,000/uL" against a table of platelets in K/uL, "245".)
                fraction
                    || self.values_match(source, true)
                    || (matches!(self.dim, Dim::Compound(_))
                        && source.dim == Dim::None
                        && self.a != self.raw_a
                        && close(self.a, source.raw_a)
                        && self.shape == source.shape)
            }
            _ => false,
        }
    }

    /// A pair "n/m" of whole numbers with n <= m <= 10 ("3/3", "4/5"): a count out of a
    /// whole, or a score.
    fn is_out_of_small_whole(&self) -> bool {
        let whole = |x: f64| x.fract() == 0.0 && x >= 0.0;
        self.shape == Shape::Pair
            && self.dim == Dim::None
            && whole(self.raw_a)
            && whole(self.raw_b)
            && self.raw_a <= self.raw_b
            && self.raw_b <= 10.0
    }

    /// The two ends of a range or pair as single values ("from 7.2 to 8.4": 7.2 and 8.4).
    pub(crate) fn ends(&self) -> (Quantity, Quantity) {
        let end = |value: f64, raw: f64| Quantity {
            shape: Shape::Single,
            a: value,
            b: 0.0,
            raw_a: raw,
            raw_b: 0.0,
            ..*self
        };
        (end(self.a, self.raw_a), end(self.b, self.raw_b))
    }

    fn values_match(&self, source: &Quantity, raw: bool) -> bool {
        let (ca, cb, sa, sb) = if raw {
            (self.raw_a, self.raw_b, source.raw_a, source.raw_b)
        } else {
            (self.a, self.b, source.a, source.b)
        };
        match (self.shape, source.shape) {
            // A temperature converted from Fahrenheit keeps its rounding: 98.2 F is
            // 36.78 C, which a source writes 36.8 C.
            (Shape::Single, Shape::Single) if self.dim == Dim::Temperature && !raw => {
                (ca - sa).abs() <= 0.06
            }
            // Written in another unit ("283 lb" for "128.4 kg"): equal to the claim's
            // rounding, half its last written digit.
            (Shape::Single, Shape::Single) if !raw && self.other_unit(source) => {
                (ca - sa).abs() <= self.rounding() + 1e-9
            }
            (Shape::Single, Shape::Single) => close(ca, sa),
            (Shape::Single, Shape::Range) => ca >= sa - 1e-9 && ca <= sb + 1e-9,
            // A combination product's dose names its first part: "amoxicillin-clavulanate
            // 875-125 mg" is "875 mg".
            (Shape::Single, Shape::Pair) if self.is_amount() && source.is_amount() => close(ca, sa),
            // A count out of a small whole ("3/3 hip precautions", "2/2 sets") is its count.
            (Shape::Single, Shape::Pair)
                if source.is_out_of_small_whole() && self.dim == Dim::None =>
            {
                close(ca, sa)
            }
            (Shape::Range | Shape::Pair, Shape::Range | Shape::Pair) => {
                close(ca, sa) && close(cb, sb)
            }
            _ => false,
        }
    }

    /// Whether the two were written in different units of one dimension.
    pub(crate) fn other_unit(&self, source: &Quantity) -> bool {
        self.dim == source.dim && !close(self.unit_factor(), source.unit_factor())
    }

    /// The factor from the written unit to the dimension's base unit.
    fn unit_factor(&self) -> f64 {
        if self.raw_a == 0.0 {
            1.0
        } else {
            self.a / self.raw_a
        }
    }

    /// Half the last written digit of the value, in the dimension's base unit.
    fn rounding(&self) -> f64 {
        0.5 * 10f64.powi(-written_decimals(self.raw_a)) * self.unit_factor().abs()
    }

    /// Same written number(s) but a different unit: the mg-vs-mcg kind of error.
    pub(crate) fn same_written_number(&self, source: &Quantity) -> bool {
        match (self.shape, source.shape) {
            (Shape::Single, Shape::Single) => close(self.raw_a, source.raw_a),
            (Shape::Single, _) | (_, Shape::Single) => false,
            _ => close(self.raw_a, source.raw_a) && close(self.raw_b, source.raw_b),
        }
    }

    /// Whether two quantities can describe the same attribute at all.
    pub(crate) fn comparable(&self, source: &Quantity) -> bool {
        match (self.dim, source.dim) {
            (x, y) if x == y => true,
            (Dim::None, y) | (y, Dim::None) => !matches!(
                y,
                Dim::Date | Dim::MonthYear | Dim::Clock | Dim::Frequency | Dim::Day
            ),
            _ => false,
        }
    }

    /// The attribute a mismatch is reported under, e.g. `numeric_mismatch:dose`.
    pub(crate) fn attribute(&self) -> &'static str {
        match self.dim {
            Dim::Mass
            | Dim::Volume
            | Dim::Units
            | Dim::Meq
            | Dim::Mmol
            | Dim::Count
            | Dim::Drops => "dose",
            Dim::Time => "duration",
            Dim::Date | Dim::MonthYear | Dim::Clock | Dim::Day => "date",
            Dim::Frequency => "frequency",
            Dim::Length | Dim::Area => "size",
            Dim::Pressure | Dim::Rate | Dim::Temperature => "vital_sign",
            Dim::Percent
            | Dim::None
            | Dim::Compound(_)
            | Dim::Density
            | Dim::Voltage
            | Dim::Current => "value",
        }
    }
}

/// A dose rate in micrograms as one in milligrams ("0.3 mcg/h" is 0.0003 mg/h), so that a
/// slip between the two is a mismatch, not two unrelated measures.
pub(crate) fn mass_rate_in_mg(unit: &str) -> (Cow<'_, str>, f64) {
    for micro in ["mcg/", "ug/", "µg/"] {
        if let Some(per) = unit.strip_prefix(micro) {
            if ["h", "hr", "min", "kg"].iter().any(|p| per.starts_with(p)) {
                return (Cow::Owned(format!("mg/{per}")), 0.001);
            }
        }
    }
    (Cow::Borrowed(unit), 1.0)
}

/// The mass of a strength per puff, spray or tablet ("mcg" of "110 mcg/actuation", "90
/// mcg/puff"): the dose a claim writes as "110 mcg".
pub(crate) fn per_dose_form_mass(unit: &str) -> Option<&str> {
    let (mass, per) = unit.split_once('/')?;
    let forms = [
        "actuation",
        "act",
        "puff",
        "spray",
        "inh",
        "inhalation",
        "dose",
        "tab",
        "tablet",
        "cap",
        "capsule",
    ];
    forms.contains(&per).then_some(mass)
}

/// A concentration per decilitre as one per litre ("14.2 mg/dL" is 142 mg/L, "9.8 g/dL" is
/// 98 g/L), so that the two spellings of one reading meet.
pub(crate) fn per_litre(unit: &str) -> (Cow<'_, str>, f64) {
    match unit.strip_suffix("/dl") {
        Some(amount) if !amount.is_empty() && !amount.contains('/') => {
            (Cow::Owned(format!("{amount}/l")), 10.0)
        }
        _ => (Cow::Borrowed(unit), 1.0),
    }
}

/// One spelling for concentrations that are the same quantity: 1 mcg/mL is 1 mg/L, 1 ng/mL
/// is 1 mcg/L, 1 mg/mL is 1 g/L, and 1 x10^3/uL is 1 K/uL (and 1 x10^9/L).
pub(crate) fn same_concentration(unit: &str) -> &str {
    match unit {
        "mcg/ml" | "ug/ml" | "µg/ml" => "mg/l",
        "mcg/l" | "ug/l" | "µg/l" => "ng/ml",
        "mg/ml" => "g/l",
        // Cell counts: thousands per microlitre are 10^9 per litre.
        "x10^3/ul" | "x10e3/ul" | "x10*3/ul" | "x10^9/l" | "x10e9/l" | "thou/ul" | "k/mm3"
        | "x10^3/mm3" => "k/ul",
        "x10^6/ul" | "x10e6/ul" | "x10^12/l" | "x10e12/l" | "mil/ul" => "m/ul",
        other => other,
    }
}

/// A count per microlitre in thousands, the unit of a blood count ("ANC 3,450/uL" is "ANC
/// 3.45 K/uL", "CD34+ 11 cells/uL" is "11/uL").
pub(crate) fn cells_in_thousands(unit: &str) -> (&str, f64) {
    match unit {
        "/ul" | "/µl" | "/mm3" | "cells/ul" | "cells/µl" | "cells/mm3" => ("k/ul", 0.001),
        other => (other, 1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equivalent_units_match_and_swapped_units_do_not() {
        let one_g = Quantity::single(Dim::Mass, 1.0, 1000.0);
        let thousand_mg = Quantity::single(Dim::Mass, 1000.0, 1.0);
        assert!(one_g.matches(&thousand_mg));
        let mg18 = Quantity::single(Dim::Mass, 18.0, 1.0);
        let mcg18 = Quantity::single(Dim::Mass, 18.0, 0.001);
        assert!(!mg18.matches(&mcg18));
        assert!(mg18.same_written_number(&mcg18));
        let cm = Quantity::single(Dim::Length, 1.5, 10.0);
        let mm = Quantity::single(Dim::Length, 15.0, 1.0);
        assert!(cm.matches(&mm));
        let two_weeks = Quantity::single(Dim::Time, 2.0, 168.0);
        let fourteen_days = Quantity::single(Dim::Time, 14.0, 24.0);
        assert!(two_weeks.matches(&fourteen_days));
    }

    #[test]
    fn bare_numbers_ranges_and_dates() {
        let bare = Quantity::single(Dim::None, 139.0, 1.0);
        let sodium = Quantity::single(Dim::Compound(1), 139.0, 1.0);
        assert!(bare.matches(&sodium));
        let spo2 = Quantity::single(Dim::Percent, 89.0, 1.0);
        let range = Quantity::two(Dim::Percent, Shape::Range, 88.0, 92.0, 1.0);
        assert!(spo2.matches(&range));
        let d1 = Quantity::two(Dim::Date, Shape::Single, 924.0, 2026.0, 1.0);
        let d2 = Quantity::two(Dim::Date, Shape::Single, 924.0, 0.0, 1.0);
        let d3 = Quantity::two(Dim::Date, Shape::Single, 925.0, 2026.0, 1.0);
        assert!(d1.matches(&d2) && !d1.matches(&d3));
    }

    /// The decimal count equals that of the formatted number (what it replaces) for the
    /// values text gives, for results of arithmetic, and for the edges.
    #[test]
    fn written_decimals_are_those_of_the_formatted_number() {
        let formatted = |x: f64| {
            let w = format!("{x}");
            w.split_once('.').map_or(0, |(_, d)| d.len()) as i32
        };
        let mut values = vec![
            0.0,
            -0.0,
            0.1 + 0.2,
            1.0 / 3.0,
            2.0 / 3.0,
            128.4 * 0.453_592_37,
            98.2,
            36.78,
            1e-7,
            1.5e-9,
            123_456.789_012,
            9.999_999_999_9e11,
            1e12,
            3e15,
            1e22,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            0.000_5,
            2.675,
        ];
        for d in 0..7 {
            for k in (0..20_000).step_by(7) {
                let written = format!("{}.{:0>width$}", k / 10, k, width = d);
                values.push(written.parse().unwrap());
                values.push(-(k as f64) / 10f64.powi(d as i32));
            }
        }
        for x in values {
            assert_eq!(written_decimals(x), formatted(x), "{x:?}");
        }
    }
}
