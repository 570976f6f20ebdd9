//! Reports: the JSON files a run leaves behind and the lines it prints.

pub mod couplings;
