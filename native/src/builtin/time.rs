//! `java.time`: values of its types, and the idiom of its `Temporal` a template relates (a method
//! named for a unit is the general `plus(long, TemporalUnit)` with that unit).
//!
//! Values of `java.time` types, as Java 8 source: ordinary dates, times, instants and amounts
//! first (a leap day, the epoch, the last second of a year), never the extremes (`LocalDate.MAX`
//! makes every addition throw, and an input the original rejects tests nothing). A project that
//! declares a type of the same simple name (Joda-Time's `LocalDate`, `Duration`, `Period`) means
//! its own: `Values` asks here only for a name the project does not declare.

use super::templates::{declares_equals, Mr, Pair};
use super::values::{small_integer, INPUTS};
use super::withers::{integral_at, returns_own};
use crate::java_model::types::erase_simple;
use crate::java_model::MethodModel;

/// Values of the `java.time` type named `erased` (its simple name; the interfaces
/// `TemporalAmount`, `TemporalUnit`, `TemporalField`, `Temporal`, `TemporalAccessor`,
/// `TemporalAdjuster` by implementations of them). Empty for any other name.
pub fn java_time_values(erased: &str) -> Vec<String> {
    let q = |prefix: &str, xs: &[&str]| xs.iter().map(|x| format!("java.time.{prefix}{x}")).collect::<Vec<_>>();
    match erased {
        "LocalDate" | "ChronoLocalDate" | "Temporal" | "TemporalAccessor" | "TemporalAdjuster" => q(
            "LocalDate.",
            &["of(2020, 2, 29)", "of(1970, 1, 1)", "of(2023, 12, 31)", "of(2000, 1, 1)", "of(2021, 7, 15)"],
        ),
        "LocalTime" => q("LocalTime.", &["of(12, 30)", "MIDNIGHT", "of(23, 59, 59)", "of(6, 15, 30, 500000000)"]),
        "LocalDateTime" | "ChronoLocalDateTime" => q(
            "LocalDateTime.",
            &[
                "of(2020, 2, 29, 12, 30)",
                "of(1970, 1, 1, 0, 0)",
                "of(2023, 12, 31, 23, 59, 59)",
                "of(2021, 7, 15, 6, 15)",
            ],
        ),
        "Instant" => q(
            "Instant.",
            &["ofEpochSecond(1600000000L)", "EPOCH", "ofEpochSecond(-86400L)", "ofEpochSecond(951782400L, 500000000L)"],
        ),
        "Duration" => {
            q("Duration.", &["ofSeconds(90)", "ZERO", "ofHours(25)", "ofMillis(-1500)", "ofNanos(1)", "ofDays(2)"])
        }
        "Period" => q("Period.", &["of(1, 2, 3)", "ZERO", "ofDays(10)", "ofMonths(-1)", "ofYears(2)", "ofWeeks(3)"]),
        // Both amounts in turns: a method taking any amount meets a date-based and a time-based one.
        "TemporalAmount" => {
            let (periods, durations) = (java_time_values("Period"), java_time_values("Duration"));
            periods.into_iter().zip(durations).flat_map(|(p, d)| [p, d]).collect()
        }
        "Year" => q("Year.", &["of(2020)", "of(1900)", "of(2023)", "of(2000)"]),
        "YearMonth" => q("YearMonth.", &["of(2020, 2)", "of(1970, 1)", "of(2023, 12)"]),
        "MonthDay" => q("MonthDay.", &["of(2, 29)", "of(1, 1)", "of(12, 31)"]),
        "Month" => q("Month.", &["FEBRUARY", "JANUARY", "DECEMBER", "JULY"]),
        "DayOfWeek" => q("DayOfWeek.", &["MONDAY", "SUNDAY", "WEDNESDAY"]),
        "ZoneOffset" => q("ZoneOffset.", &["UTC", "ofHours(2)", "ofHoursMinutes(-5, -30)"]),
        "ZoneId" => q("Zone", &["Offset.UTC", "Id.of(\"Europe/Paris\")", "Id.of(\"America/New_York\")"]),
        "ZonedDateTime" => q(
            "ZonedDateTime.",
            &[
                "of(2020, 2, 29, 12, 30, 0, 0, java.time.ZoneOffset.UTC)",
                "of(1970, 1, 1, 0, 0, 0, 0, java.time.ZoneId.of(\"Europe/Paris\"))",
            ],
        ),
        "OffsetDateTime" => q(
            "OffsetDateTime.",
            &[
                "of(2020, 2, 29, 12, 30, 0, 0, java.time.ZoneOffset.UTC)",
                "of(2023, 12, 31, 23, 59, 59, 0, java.time.ZoneOffset.ofHours(2))",
            ],
        ),
        "Clock" => q("Clock.", &["fixed(java.time.Instant.ofEpochSecond(1600000000L), java.time.ZoneOffset.UTC)"]),
        "TemporalUnit" | "ChronoUnit" => q("temporal.ChronoUnit.", &["DAYS", "WEEKS", "MONTHS", "HOURS", "YEARS"]),
        "TemporalField" | "ChronoField" => {
            q("temporal.ChronoField.", &["DAY_OF_MONTH", "MONTH_OF_YEAR", "YEAR", "DAY_OF_WEEK"])
        }
        _ => Vec::new(),
    }
}

/// The `ChronoUnit` constant a method's unit word names (`Weeks` in `plusWeeks`), for the units
/// `plus(long, TemporalUnit)` takes.
pub fn chrono_unit(word: &str) -> Option<&'static str> {
    const UNITS: [(&str, &str); 14] = [
        ("Nanos", "NANOS"),
        ("Micros", "MICROS"),
        ("Millis", "MILLIS"),
        ("Seconds", "SECONDS"),
        ("Minutes", "MINUTES"),
        ("Hours", "HOURS"),
        ("HalfDays", "HALF_DAYS"),
        ("Days", "DAYS"),
        ("Weeks", "WEEKS"),
        ("Months", "MONTHS"),
        ("Years", "YEARS"),
        ("Decades", "DECADES"),
        ("Centuries", "CENTURIES"),
        ("Millennia", "MILLENNIA"),
    ];
    UNITS.iter().find(|(w, _)| *w == word).map(|(_, u)| *u)
}

/// `a.plusX(n) = a.plus(n, ChronoUnit.X)`: a method named for a unit of time is the general
/// `plus(long, TemporalUnit)` of a `Temporal` with that unit (threeten-extra's
/// `YearWeek.plusWeeks`, as `LocalDate.plusDays` in the JDK); `minus` alike. On the unit method,
/// and on the general form with each unit method of the class in turn. Small amounts only: a sum
/// that overflows throws on both sides, and tests nothing.
pub fn unit_general_form(pair: &Pair) -> Option<Mr> {
    let (caller, t) = (pair.caller, pair.target);
    let verb = ["plus", "minus"].into_iter().find(|v| t.name.starts_with(v))?;
    let own = |m: &MethodModel| returns_own(caller, m) && caller.callable(m);
    let is_general = |m: &MethodModel| {
        m.name == verb
            && m.params.len() == 2
            && integral_at(m, 0)
            && erase_simple(&m.params[1].type_name) == "TemporalUnit"
            && own(m)
    };
    let unit_of = |m: &MethodModel| {
        let word = m.name.strip_prefix(verb)?;
        (m.params.len() == 1 && integral_at(m, 0) && own(m)).then(|| chrono_unit(word)).flatten()
    };
    let general = caller.class.methods.iter().find(|m| is_general(m))?;
    let chrono_unit = chrono_unit_class(caller, &general.params[1].type_name)?;
    let units: Vec<(&MethodModel, &str)> = if std::ptr::eq(t, general) {
        caller.class.methods.iter().filter_map(|m| Some((m, unit_of(m)?))).collect()
    } else {
        vec![(t, unit_of(t)?)]
    };
    let instances = caller.instances(INPUTS);
    let amounts: Vec<String> = caller.values.of("int", INPUTS * 3).into_iter().filter(|v| small_integer(v)).collect();
    if units.is_empty() || instances.is_empty() || amounts.is_empty() || !declares_equals(caller) {
        return None;
    }
    let bodies = (0..INPUTS.min(instances.len().max(amounts.len()).max(units.len())))
        .map(|i| {
            let (m, unit) = units[i % units.len()];
            [
                format!("{} a = {};", caller.class_type(), instances[i % instances.len()]),
                format!("{} n = {};", m.params[0].type_name, amounts[i % amounts.len()]),
                format!("assertEquals(a.{}(n), a.{verb}(n, {chrono_unit}.{unit}));", m.name),
            ]
            .join("\n")
        })
        .collect();
    let named: Vec<String> =
        units.iter().map(|(m, unit)| format!("a.{}(n) = a.{verb}(n, ChronoUnit.{unit})", m.name)).collect();
    Some(Mr { template: "unitGeneralForm", relation: named.join(", "), bodies })
}

/// The `ChronoUnit` whose constants the general form takes: the JDK's for `java.time`'s
/// `TemporalUnit`, the project's own where the `TemporalUnit` is the project's (threetenbp's
/// `org.threeten.bp.temporal`, a backport of `java.time`, where the JDK's units do not convert);
/// None for a project `TemporalUnit` without a project `ChronoUnit`.
fn chrono_unit_class(caller: &super::invoke::Caller, temporal_unit: &str) -> Option<String> {
    if super::objects::find_class(caller.values, temporal_unit).is_none() {
        return Some("java.time.temporal.ChronoUnit".into());
    }
    super::objects::find_class(caller.values, "ChronoUnit").map(|c| c.qualified_name.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_qualified_java_8_source() {
        for t in ["LocalDate", "Instant", "Duration", "Period", "TemporalAmount", "ZoneId", "TemporalUnit", "Clock"] {
            let values = java_time_values(t);
            assert!(!values.is_empty(), "{t}");
            assert!(values.iter().all(|v| v.starts_with("java.time.")), "{values:?}");
            assert!(values.iter().all(|v| !v.contains("MAX") && !v.contains("MIN")), "no extremes: {values:?}");
        }
        assert!(java_time_values("Date").is_empty(), "java.util's Date is boundary.rs's");
    }

    #[test]
    fn an_amount_is_either_kind_in_turns() {
        let amounts = java_time_values("TemporalAmount");
        assert_eq!(amounts[0], "java.time.Period.of(1, 2, 3)");
        assert_eq!(amounts[1], "java.time.Duration.ofSeconds(90)");
    }

    #[test]
    fn unit_words_name_chrono_units() {
        assert_eq!(chrono_unit("Weeks"), Some("WEEKS"));
        assert_eq!(chrono_unit("HalfDays"), Some("HALF_DAYS"));
        assert_eq!(chrono_unit("Week"), None, "plusWeeks names units in the plural");
    }
}
