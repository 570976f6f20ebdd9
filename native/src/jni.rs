//! The only file with `extern "system"` functions: strings in, strings out, no logic. Core errors
//! and panics become `io.mrcoupler.bridge.MrCouplerException`; nothing else crosses.

use crate::error::CoreResult;
use crate::pipeline::sessions;
use jni::errors::ThrowRuntimeExAndDefault;
use jni::objects::{JClass, JString};
use jni::strings::JNIString;
use jni::sys::jlong;
use jni::{jni_str, Env, EnvUnowned};
use std::panic::{catch_unwind, AssertUnwindSafe};

#[unsafe(no_mangle)]
pub extern "system" fn Java_io_mrcoupler_bridge_NativeCore_version<'l>(
    mut unowned: EnvUnowned<'l>,
    _class: JClass<'l>,
) -> JString<'l> {
    unowned
        .with_env(|env| -> jni::errors::Result<JString<'l>> { env.new_string(env!("CARGO_PKG_VERSION")) })
        .resolve::<ThrowRuntimeExAndDefault>()
}

#[unsafe(no_mangle)]
pub extern "system" fn Java_io_mrcoupler_bridge_NativeCore_open<'l>(
    mut unowned: EnvUnowned<'l>,
    _class: JClass<'l>,
    config: JString<'l>,
) -> jlong {
    unowned
        .with_env(|env| -> jni::errors::Result<jlong> {
            let config = config.try_to_string(env)?;
            let handle = call_core(env, || sessions::open(&config))?;
            Ok(handle as jlong)
        })
        .resolve::<ThrowRuntimeExAndDefault>()
}

#[unsafe(no_mangle)]
pub extern "system" fn Java_io_mrcoupler_bridge_NativeCore_next<'l>(
    mut unowned: EnvUnowned<'l>,
    _class: JClass<'l>,
    session: jlong,
    results: JString<'l>,
) -> JString<'l> {
    unowned
        .with_env(|env| -> jni::errors::Result<JString<'l>> {
            let results = results.try_to_string(env)?;
            let action = call_core(env, || sessions::next(session as u64, &results))?;
            env.new_string(action)
        })
        .resolve::<ThrowRuntimeExAndDefault>()
}

#[unsafe(no_mangle)]
pub extern "system" fn Java_io_mrcoupler_bridge_NativeCore_poll<'l>(
    mut unowned: EnvUnowned<'l>,
    _class: JClass<'l>,
    session: jlong,
) -> JString<'l> {
    unowned
        .with_env(|env| -> jni::errors::Result<JString<'l>> {
            let lines = call_core(env, || sessions::poll(session as u64))?;
            env.new_string(lines)
        })
        .resolve::<ThrowRuntimeExAndDefault>()
}

#[unsafe(no_mangle)]
pub extern "system" fn Java_io_mrcoupler_bridge_NativeCore_close<'l>(
    mut unowned: EnvUnowned<'l>,
    _class: JClass<'l>,
    session: jlong,
) {
    unowned
        .with_env(|env| -> jni::errors::Result<()> {
            call_core(env, || {
                sessions::close(session as u64);
                Ok(())
            })
        })
        .resolve::<ThrowRuntimeExAndDefault>()
}

/// Run a core call; an error or a panic is thrown as MrCouplerException with its message.
fn call_core<T>(env: &mut Env, f: impl FnOnce() -> CoreResult<T>) -> jni::errors::Result<T> {
    let message = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(value)) => return Ok(value),
        Ok(Err(e)) => e.message().to_string(),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            format!("internal error in the MR-Coupler core: {what}. Please report it with the build log")
        }
    };
    env.throw_new(jni_str!("io/mrcoupler/bridge/MrCouplerException"), JNIString::from(message))?;
    Err(jni::errors::Error::JavaException)
}
