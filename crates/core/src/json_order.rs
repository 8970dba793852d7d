//! JSON objects in one order whatever serde_json's build: a dependency (merman) turns on its
//! `preserve_order` feature for the whole workspace, so a `Value` made from a struct would keep
//! field order where the output has always had sorted keys. Outputs built as `Value` go through
//! [`sorted`] so their bytes do not depend on which crates are linked.

use serde_json::Value;

/// `value` with the keys of every object in it sorted.
pub fn sorted(mut value: Value) -> Value {
    sort(&mut value);
    value
}

fn sort(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.sort_keys();
            map.values_mut().for_each(sort);
        }
        Value::Array(items) => items.iter_mut().for_each(sort),
        _ => {}
    }
}

/// For `#[serde(deserialize_with)]` on an optional free-form field (`customProps`).
pub fn deserialize_sorted<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    let value: Option<Value> = serde::Deserialize::deserialize(d)?;
    Ok(value.map(sorted))
}

#[cfg(test)]
mod tests {
    #[test]
    fn nested_objects_come_out_with_sorted_keys() {
        let v = serde_json::json!({"b": 1, "a": [{"d": 1, "c": 2}], "c": {"z": 0, "y": 1}});
        let text = super::sorted(v).to_string();
        assert_eq!(text, r#"{"a":[{"c":2,"d":1}],"b":1,"c":{"y":1,"z":0}}"#);
    }
}
