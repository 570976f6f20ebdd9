//! Open sessions by handle, for the JNI boundary: Java holds a `long`, the core holds the state.

use super::live::LiveLog;
use super::Session;
use crate::error::{CoreError, CoreResult};
use once_cell::sync::Lazy;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// A session, and its live lines apart: `poll` must not wait for the lock `next` holds.
type Shared = (Arc<Mutex<Session>>, LiveLog);

static SESSIONS: Lazy<Mutex<HashMap<u64, Shared>>> = Lazy::new(|| Mutex::new(HashMap::new()));
static NEXT_HANDLE: AtomicU64 = AtomicU64::new(1);

pub fn open(config_json: &str) -> CoreResult<u64> {
    let session = Session::open(config_json)?;
    let live = session.live();
    let handle = NEXT_HANDLE.fetch_add(1, Ordering::Relaxed);
    registry().insert(handle, (Arc::new(Mutex::new(session)), live));
    Ok(handle)
}

pub fn next(handle: u64, results_json: &str) -> CoreResult<String> {
    let (session, _) = registry().get(&handle).cloned().ok_or_else(|| {
        CoreError::new(
            format!("no open MR-Coupler session {handle}"),
            "Open a session before asking for its next action",
        )
    })?;
    // A session that panicked earlier is poisoned; its state is still the last consistent one.
    let mut session = session.lock().unwrap_or_else(|p| p.into_inner());
    Ok(session.next(results_json)?.to_json())
}

/// The lines the session said since the last poll or action, as a JSON array of log lines (docs/
/// protocol.md); `[]` for a session that is closed or unknown. Safe while `next` runs on another thread.
pub fn poll(handle: u64) -> CoreResult<String> {
    let live = registry().get(&handle).map(|(_, live)| live.clone());
    let lines = live.map(|l| l.drain()).unwrap_or_default();
    serde_json::to_string(&lines)
        .map_err(|e| CoreError::new(format!("the core could not write its log lines as JSON: {e}"), ""))
}

pub fn close(handle: u64) {
    registry().remove(&handle);
}

fn registry() -> std::sync::MutexGuard<'static, HashMap<u64, Shared>> {
    SESSIONS.lock().unwrap_or_else(|p| p.into_inner())
}
