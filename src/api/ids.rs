//! Newtypes for every identifier the service hands out, so a logo id can never be passed where
//! an item number or a tracking id is expected.

use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;

macro_rules! int_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                crate::api::de::lenient_i64(d).map($name)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl From<i64> for $name {
            fn from(v: i64) -> Self {
                $name(v)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.trim().parse().map($name)
            }
        }
    };
}

macro_rules! str_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
        #[serde(transparent)]
        pub struct $name(pub String);

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                crate::api::de::lenient_string(d).map($name)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl $name {
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl From<&str> for $name {
            fn from(s: &str) -> Self {
                $name(s.to_owned())
            }
        }

        impl From<String> for $name {
            fn from(s: String) -> Self {
                $name(s)
            }
        }
    };
}

int_id!(
    /// Tracking id of a placed order (`id` of the tracking record).
    OrderId
);
int_id!(
    /// Internal logo id (`logoId`), for API use only.
    LogoId
);
int_id!(
    /// External logo item number (`logoItemNo`), the number vendors quote. Populated by commit.
    LogoItemNo
);
int_id!(
    /// Internal design id (`designId`).
    DesignId
);
int_id!(
    /// Vectorize task id.
    TaskId
);
int_id!(
    /// A vendor organization (the caller's own or one of its children).
    OrganizationId
);
str_id!(
    /// Order number assigned at placement, e.g. `SO-100234`.
    OrderNumber
);
str_id!(
    /// External design item number (`designItemNo` on a design, `designMul` in an order), e.g. `MUL123456`.
    DesignMul
);
str_id!(
    /// External logo reference used in orders (`logoSku`): the logo item number as a string.
    LogoSku
);

impl From<LogoItemNo> for LogoSku {
    fn from(n: LogoItemNo) -> Self {
        LogoSku(n.0.to_string())
    }
}
