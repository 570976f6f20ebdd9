//! Every exchange stored by the hash of its request, so a re-run, a resumed run and the tests
//! replay it at no cost. Keys hash the request body (model, messages, temperature, max tokens),
//! never the API key.

use crate::error::{CoreError, CoreResult};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::path::PathBuf;

use super::Usage;

pub struct Cache {
    dir: PathBuf,
}

#[derive(Serialize, Deserialize)]
struct Entry {
    request: Value,
    content: String,
    usage: Usage,
}

impl Cache {
    pub fn new(dir: PathBuf) -> Self {
        Cache { dir }
    }

    /// Hex SHA-256 of the request body; serde_json orders object keys, so equal requests agree.
    pub fn key(request: &Value) -> String {
        let digest = Sha256::digest(request.to_string().as_bytes());
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(&key[..2]).join(format!("{key}.json"))
    }

    /// The cached reply and the usage it cost when it was fetched.
    pub fn get(&self, key: &str) -> Option<(String, Usage)> {
        let text = std::fs::read_to_string(self.path(key)).ok()?;
        let entry: Entry = serde_json::from_str(&text).ok()?;
        Some((entry.content, entry.usage))
    }

    pub fn put(&self, key: &str, request: &Value, content: &str, usage: Usage) -> CoreResult<()> {
        let path = self.path(key);
        let entry = Entry { request: request.clone(), content: content.to_string(), usage };
        let json =
            serde_json::to_string_pretty(&entry).map_err(|e| CoreError::new(format!("cannot encode: {e}"), ""))?;
        // Write then rename, so a killed run never leaves half an entry behind.
        let tmp = path.with_extension("json.tmp");
        let cannot = |e: std::io::Error| {
            CoreError::new(
                format!("cannot write the LLM cache {}: {e}", path.display()),
                "Check that the folder is writable",
            )
        };
        std::fs::create_dir_all(path.parent().unwrap_or(&self.dir)).map_err(cannot)?;
        std::fs::write(&tmp, json).map_err(cannot)?;
        std::fs::rename(&tmp, &path).map_err(cannot)
    }
}
