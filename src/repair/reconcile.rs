//! Both players' copies of one game, read together.
