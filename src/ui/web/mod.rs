//! What talks to the browser beyond the DOM: downloads and the clipboard ([`export`]), the
//! pool of Monte Carlo web workers ([`mc_pool`]) and the jobs run on it ([`jobs`]).

pub mod export;
pub mod jobs;
pub mod mc_pool;
pub mod worker_status;
