//! An order's lines as the service echoed them, in the one shape every view of a placed order
//! draws: History's order, the confirmation PDF and the CSV. Each view lays the rows out and
//! formats the numbers in the person's language; what a row holds, and how a row's logo
//! values read, is decided here once.

use crate::api::{LogoValue, Order};

/// One design line: its title, its item (the design's MUL, or its id when it has none) and
/// a row per instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DesignLine {
    pub title: String,
    pub item: Item,
    pub rows: Vec<DesignRow>,
}

impl DesignLine {
    /// How many garments the line makes (the rows' quantities added up).
    pub fn garments(&self) -> i64 {
        self.rows.iter().map(|r| r.quantity).sum()
    }
}

/// What names a line's design or logo: the code the shop knows it by, or only its id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// The design's MUL or the logo's SKU.
    Code(String),
    /// Neither is known: the service's id.
    Id(i64),
}

impl std::fmt::Display for Item {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Item::Code(code) => f.write_str(code),
            Item::Id(id) => write!(f, "{id}"),
        }
    }
}

/// One instance of a design line: a size, how many, and whose name and number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DesignRow {
    pub size: String,
    pub quantity: i64,
    pub name: String,
    pub number: String,
    /// The placeholders' values ([`values_text`]).
    pub values: String,
}

/// One loose transfer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogoRow {
    pub title: String,
    pub item: Item,
    pub quantity: i64,
    pub value: String,
}

/// Every line of an order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderLines {
    pub designs: Vec<DesignLine>,
    pub logos: Vec<LogoRow>,
}

impl OrderLines {
    pub fn of(order: &Order) -> OrderLines {
        let designs = order
            .designs
            .iter()
            .map(|d| DesignLine {
                title: d.design_title.clone(),
                item: d
                    .design_mul
                    .as_ref()
                    .map_or(Item::Id(d.design_id.0), |m| Item::Code(m.to_string())),
                rows: d
                    .instances
                    .iter()
                    .map(|i| DesignRow {
                        size: i.size.clone(),
                        quantity: i.quantity,
                        name: i.name.clone().unwrap_or_default(),
                        number: i.number.clone().unwrap_or_default(),
                        values: values_text(&i.logo_values),
                    })
                    .collect(),
            })
            .collect();
        let logos = order
            .logos
            .iter()
            .map(|l| LogoRow {
                title: l.logo_title.clone(),
                item: l
                    .logo_sku
                    .as_ref()
                    .map_or(Item::Id(l.logo_id.0), |s| Item::Code(s.to_string())),
                quantity: l.quantity,
                value: l.value.clone().unwrap_or_default(),
            })
            .collect();
        OrderLines { designs, logos }
    }
}

/// An instance's placeholder values as one text: `logo id: value`, separated by `, `.
pub fn values_text(values: &[LogoValue]) -> String {
    values
        .iter()
        .map(|v| format!("{}: {}", v.logo_id, v.value))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order() -> Order {
        serde_json::from_value(serde_json::json!({
            "orderNumber": "A-1", "placedAtUtc": "2026-12-01T10:00:00Z",
            "latestDeliveryDate": "2026-12-10T00:00:00", "reference": "R",
            "currency": "DKK", "subTotal": 1, "vatRate": 0.25, "vat": 0.25, "total": 1.25,
            "designs": [
                {"designId": 4, "designMul": "MUL-4", "designTitle": "Home",
                 "instances": [
                    {"size": "M", "quantity": 1000, "name": "Mette", "number": "7",
                     "logoValues": [{"logoId": 9, "value": "Mette"}, {"logoId": 10, "value": "7"}]},
                    {"size": "L", "quantity": 2}]},
                {"designId": 5, "designTitle": "Away", "instances": []}
            ],
            "logos": [
                {"logoId": 9, "logoSku": "300036", "logoTitle": "Numbers", "quantity": 3},
                {"logoId": 11, "logoTitle": "Crest", "quantity": 1, "value": "x"}
            ]
        }))
        .unwrap()
    }

    #[test]
    fn an_orders_lines_hold_what_every_view_draws() {
        let lines = OrderLines::of(&order());
        let home = &lines.designs[0];
        assert_eq!(home.item, Item::Code("MUL-4".into()));
        assert_eq!(lines.designs[1].item.to_string(), "5");
        assert_eq!(home.garments(), 1002);
        assert_eq!(home.rows[0].values, "9: Mette, 10: 7");
        assert_eq!(
            (home.rows[1].name.as_str(), home.rows[1].values.as_str()),
            ("", "")
        );
        assert_eq!(lines.logos[0].item.to_string(), "300036");
        assert_eq!(lines.logos[1].item, Item::Id(11));
        assert_eq!(lines.logos[1].value, "x");
    }
}
