//! An order as the service returned it, written as CSV (RFC 4180 quoting).

use crate::api::{Order, TrackingRecord};

/// The order's lines and totals as CSV (RFC 4180 quoting), as the service returned them.
pub fn order_csv(record: &TrackingRecord, order: &Order) -> String {
    fn q(s: &str) -> String {
        if s.contains([',', '"', '\n', '\r']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_owned()
        }
    }
    let mut out = String::from("kind,item,title,size,quantity,name,number,value\n");
    for d in &order.designs {
        let item = d
            .design_mul
            .as_ref()
            .map_or_else(|| d.design_id.0.to_string(), |m| m.to_string());
        for i in &d.instances {
            let values: Vec<String> = i
                .logo_values
                .iter()
                .map(|v| format!("{}={}", v.logo_id, v.value))
                .collect();
            out.push_str(&format!(
                "design,{},{},{},{},{},{},{}\n",
                q(&item),
                q(&d.design_title),
                q(&i.size),
                i.quantity,
                q(i.name.as_deref().unwrap_or("")),
                q(i.number.as_deref().unwrap_or("")),
                q(&values.join("; "))
            ));
        }
    }
    for l in &order.logos {
        let item = l
            .logo_sku
            .as_ref()
            .map_or_else(|| l.logo_id.0.to_string(), |s| s.to_string());
        out.push_str(&format!(
            "logo,{},{},,{},,,{}\n",
            q(&item),
            q(&l.logo_title),
            l.quantity,
            q(l.value.as_deref().unwrap_or(""))
        ));
    }
    out.push_str(&format!(
        "\norder number,{}\ntracking id,{}\nreference,{}\ncurrency,{}\nsubtotal,{}\nvat rate %,{}\nvat,{}\ntotal,{}\n",
        q(order.order_number.as_str()),
        record.id,
        q(&order.reference),
        q(&order.currency),
        order.sub_total,
        order.vat_rate,
        order.vat,
        order.total
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_has_every_line_and_the_totals() {
        let record: TrackingRecord = serde_json::from_value(serde_json::json!({
            "id": 50001, "orderNumber": "SO-1", "status": "Completed",
            "order": {
                "orderNumber": "SO-1", "placedAtUtc": "2026-01-02T10:00:00Z",
                "latestDeliveryDate": "2026-01-09T00:00:00", "reference": "PO, 7",
                "comment": "", "originOfDelivery": "",
                "deliveryAddress": {"name": "N", "address": "A", "zip": "Z", "city": "C", "country": "DK"},
                "currency": "DKK", "subTotal": 100.0, "vat": 25.0, "vatRate": 25.0, "total": 125.0,
                "designs": [{"designId": 1, "designMul": "MUL1", "designTitle": "Kit",
                    "instances": [{"size": "M", "quantity": 2, "name": "Hansen", "number": "7"}]}],
                "logos": [{"logoId": 9, "logoSku": "300036", "logoTitle": "Numbers", "quantity": 3}]
            }
        }))
        .unwrap();
        let csv = order_csv(&record, record.order.as_ref().unwrap());
        assert!(csv.contains("design,MUL1,Kit,M,2,Hansen,7,\n"), "{csv}");
        assert!(csv.contains("logo,300036,Numbers,,3,,,\n"), "{csv}");
        assert!(csv.contains("reference,\"PO, 7\"\n"), "{csv}");
        assert!(csv.contains("total,125"), "{csv}");
    }
}
