//! JSON text to Python objects, in Rust: the records' dicts are built from the very lines the
//! command-line program writes, so they stay equal to `json.loads` of each line, without the
//! cost of one `json.loads` call a line in Python (half the CPU time of a one-thread run).

use std::{
    collections::HashMap,
    fmt,
    hash::{BuildHasherDefault, Hasher},
};

use pyo3::{
    exceptions::PyValueError,
    prelude::*,
    types::{PyBool, PyDict, PyList, PyString},
};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

/// The keys met so far, as Python strings: a record's keys (and tag names) are the same few
/// dozen strings line after line, made once per run instead of once per record.
#[derive(Default)]
pub struct Keys(HashMap<String, Py<PyString>, BuildHasherDefault<Fnv>>);

impl Keys {
    fn key<'py>(&mut self, py: Python<'py>, k: &str) -> Bound<'py, PyString> {
        if let Some(s) = self.0.get(k) {
            return s.bind(py).clone();
        }
        let s = PyString::new(py, k);
        // A bounded cache: keys are field and tag names, a few dozen in any archive.
        if self.0.len() < 4096 {
            self.0.insert(k.to_string(), s.clone().unbind());
        }
        s
    }
}

/// FNV-1a: the keys are short, and SipHash's resistance to chosen keys buys nothing in a
/// cache bounded by its size (it was a tenth of the cost of the records' dicts).
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// The record of one JSON line, as `json.loads` gives it.
pub fn record<'py>(py: Python<'py>, keys: &mut Keys, line: &[u8]) -> PyResult<Bound<'py, PyAny>> {
    let mut de = serde_json::Deserializer::from_slice(line);
    Value(py, keys)
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v))
        .map_err(|e| PyValueError::new_err(format!("a record: {e}")))
}

/// The records of JSON Lines, as `json.loads` of each line gives them.
pub fn records<'py>(
    py: Python<'py>,
    keys: &mut Keys,
    lines: &[u8],
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    lines
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| record(py, keys, l))
        .collect()
}

/// One JSON value into a Python object.
struct Value<'a, 'py>(Python<'py>, &'a mut Keys);

impl<'de, 'py> DeserializeSeed<'de> for Value<'_, 'py> {
    type Value = Bound<'py, PyAny>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, 'py> Visitor<'de> for Value<'_, 'py> {
    type Value = Bound<'py, PyAny>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(PyBool::new(self.0, v).to_owned().into_any())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        v.into_pyobject(self.0)
            .map(Bound::into_any)
            .map_err(E::custom)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        v.into_pyobject(self.0)
            .map(Bound::into_any)
            .map_err(E::custom)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        v.into_pyobject(self.0)
            .map(Bound::into_any)
            .map_err(E::custom)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(PyString::new(self.0, v).into_any())
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(self.0.None().into_bound(self.0))
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        self.visit_unit()
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let list = PyList::empty(self.0);
        while let Some(v) = seq.next_element_seed(Value(self.0, &mut *self.1))? {
            list.append(v).map_err(de::Error::custom)?;
        }
        Ok(list.into_any())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let dict = PyDict::new(self.0);
        while let Some(k) = map.next_key_seed(Key(self.0, &mut *self.1))? {
            let v = map.next_value_seed(Value(self.0, &mut *self.1))?;
            dict.set_item(k, v).map_err(de::Error::custom)?;
        }
        Ok(dict.into_any())
    }
}

/// A JSON object's key, through the cache.
struct Key<'a, 'py>(Python<'py>, &'a mut Keys);

impl<'de, 'py> DeserializeSeed<'de> for Key<'_, 'py> {
    type Value = Bound<'py, PyString>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de, 'py> Visitor<'de> for Key<'_, 'py> {
    type Value = Bound<'py, PyString>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.1.key(self.0, v))
    }
}
