//! The Runtime Control Engine's vocabulary: typed ids, the contract's enums, resources and
//! their state machines. Pure: no IO, so every other crate can depend on it.

pub mod enums;
pub mod ids;
pub mod output;
pub mod resources;
pub mod results;
pub mod time;
pub mod transitions;

pub use enums::*;
pub use ids::*;
pub use output::*;
pub use resources::*;
pub use results::*;
pub use time::Timestamp;
pub use transitions::*;
