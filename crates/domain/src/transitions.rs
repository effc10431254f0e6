//! Every state machine of the contract as a pure function `(state, trigger) -> next state`.
//! Handlers never decide a transition themselves; they call these.

use crate::enums::*;
use std::fmt;

/// A transition the contract does not allow from the current state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot {trigger} a {resource} that is {from}")]
pub struct InvalidTransition {
    pub resource: &'static str,
    pub from: String,
    pub trigger: String,
}

fn refuse<S: fmt::Display, T: fmt::Display>(
    resource: &'static str,
    from: S,
    trigger: T,
) -> InvalidTransition {
    InvalidTransition {
        resource,
        from: from.to_string(),
        trigger: trigger.to_string(),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentTrigger {
    Activate,
    Suspend,
    Deprecate,
}

impl fmt::Display for AgentTrigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AgentTrigger::Activate => "activate",
            AgentTrigger::Suspend => "suspend",
            AgentTrigger::Deprecate => "deprecate",
        })
    }
}

pub fn agent_next(
    from: AgentStatus,
    trigger: AgentTrigger,
) -> Result<AgentStatus, InvalidTransition> {
    use AgentStatus::*;
    match (from, trigger) {
        (Draft | Suspended, AgentTrigger::Activate) => Ok(Active),
        (Active, AgentTrigger::Suspend) => Ok(Suspended),
        (Draft | Active | Suspended, AgentTrigger::Deprecate) => Ok(Deprecated),
        _ => Err(refuse("agent", from, trigger)),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProfileTrigger {
    Activate,
    Disable,
}

impl fmt::Display for ProfileTrigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ProfileTrigger::Activate => "activate",
            ProfileTrigger::Disable => "disable",
        })
    }
}

pub fn profile_next(
    from: ProfileStatus,
    trigger: ProfileTrigger,
) -> Result<ProfileStatus, InvalidTransition> {
    use ProfileStatus::*;
    match (from, trigger) {
        (Draft | Disabled, ProfileTrigger::Activate) => Ok(Active),
        (Active, ProfileTrigger::Disable) => Ok(Disabled),
        _ => Err(refuse("execution profile", from, trigger)),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConnectionTrigger {
    /// Validation ran; `true` when it succeeded.
    Validate(bool),
    Disable,
    Enable,
    RotateCredential,
    Delete,
}

impl fmt::Display for ConnectionTrigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ConnectionTrigger::Validate(_) => "validate",
            ConnectionTrigger::Disable => "disable",
            ConnectionTrigger::Enable => "enable",
            ConnectionTrigger::RotateCredential => "rotate the credential of",
            ConnectionTrigger::Delete => "delete",
        })
    }
}

/// May validation run at all from this state? (It must be asked before validating.)
pub fn connection_can_validate(from: ConnectionStatus) -> Result<(), InvalidTransition> {
    connection_next(from, ConnectionTrigger::Validate(true)).map(|_| ())
}

pub fn connection_next(
    from: ConnectionStatus,
    trigger: ConnectionTrigger,
) -> Result<ConnectionStatus, InvalidTransition> {
    use ConnectionStatus::*;
    match (from, trigger) {
        (Pending | Valid | Invalid, ConnectionTrigger::Validate(true)) => Ok(Valid),
        (Pending | Valid | Invalid, ConnectionTrigger::Validate(false)) => Ok(Invalid),
        (Valid, ConnectionTrigger::Disable) => Ok(Disabled),
        (Disabled, ConnectionTrigger::Enable) => Ok(Valid),
        (Pending | Valid | Invalid | Disabled, ConnectionTrigger::RotateCredential) => Ok(Pending),
        // A repeated delete finishes a deletion that could not complete before.
        (_, ConnectionTrigger::Delete) => Ok(Deleting),
        _ => Err(refuse("provider connection", from, trigger)),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionTrigger {
    Enqueue,
    Start,
    /// The agent's output arrived; evidence checking begins.
    OutputReceived,
    /// The decision controller decided.
    Evaluated(ControlAction),
    /// Intake rejection or a provider failure.
    Fail,
    Pause,
    Resume,
    Cancel,
    Approve,
    Reject,
    /// Retry that re-runs the agent in the same call (internal and managed origin).
    RetryRerun,
    /// Retry that only reopens for the caller's next submission (external origin).
    RetryReopen,
}

impl SessionTrigger {
    /// The trigger's name on the timeline.
    pub fn name(self) -> &'static str {
        match self {
            SessionTrigger::Enqueue => "enqueue",
            SessionTrigger::Start => "start",
            SessionTrigger::OutputReceived => "output_received",
            SessionTrigger::Evaluated(ControlAction::AutoApprove) => "auto_approved",
            SessionTrigger::Evaluated(ControlAction::RequireReview) => "review_required",
            SessionTrigger::Evaluated(ControlAction::Block) => "blocked_by_policy",
            SessionTrigger::Evaluated(ControlAction::Reject) => "intake_rejected",
            SessionTrigger::Fail => "failed",
            SessionTrigger::Pause => "pause",
            SessionTrigger::Resume => "resume",
            SessionTrigger::Cancel => "cancel",
            SessionTrigger::Approve => "approve",
            SessionTrigger::Reject => "reject",
            SessionTrigger::RetryRerun | SessionTrigger::RetryReopen => "retry",
        }
    }

    /// Verb used in error details.
    fn verb(self) -> &'static str {
        match self {
            SessionTrigger::Pause => "pause",
            SessionTrigger::Resume => "resume",
            SessionTrigger::Cancel => "cancel",
            SessionTrigger::Approve => "approve",
            SessionTrigger::Reject => "reject",
            SessionTrigger::RetryRerun | SessionTrigger::RetryReopen => "retry",
            _ => "advance",
        }
    }
}

pub fn session_next(
    from: SessionState,
    trigger: SessionTrigger,
) -> Result<SessionState, InvalidTransition> {
    use SessionState::*;
    use SessionTrigger as T;
    let to = match (from, trigger) {
        (Created, T::Enqueue) => Queued,
        (Queued, T::Start) => Running,
        (Running, T::OutputReceived) => WaitingForEvidence,
        (WaitingForEvidence, T::Evaluated(ControlAction::AutoApprove)) => Completed,
        (WaitingForEvidence, T::Evaluated(ControlAction::RequireReview)) => WaitingForHumanReview,
        (WaitingForEvidence, T::Evaluated(ControlAction::Block)) => Blocked,
        (WaitingForEvidence, T::Evaluated(ControlAction::Reject)) => Failed,
        (Running | WaitingForEvidence, T::Fail) => Failed,
        (Running, T::Pause) => Paused,
        // The timeline shows the transient `resumed` on the way back to running.
        (Paused, T::Resume) => Running,
        (_, T::Cancel) => Cancelled,
        (WaitingForHumanReview, T::Approve) => Completed,
        (WaitingForHumanReview, T::Reject) => Blocked,
        (Blocked | Failed | WaitingForHumanReview, T::RetryRerun) => Queued,
        (Blocked | Failed | WaitingForHumanReview, T::RetryReopen) => Running,
        _ => return Err(refuse("session", from, trigger.verb())),
    };
    Ok(to)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecisionTrigger {
    Evaluated(ControlAction),
    ReviewerActed,
    /// Its session was retried or cancelled.
    Closed,
}

pub fn decision_next(
    from: DecisionStatus,
    trigger: DecisionTrigger,
) -> Result<DecisionStatus, InvalidTransition> {
    use DecisionStatus::*;
    let to = match (from, trigger) {
        (AwaitingAgentOutput, DecisionTrigger::Evaluated(ControlAction::AutoApprove)) => Finalized,
        (AwaitingAgentOutput, DecisionTrigger::Evaluated(ControlAction::RequireReview)) => {
            AwaitingHumanReview
        }
        (AwaitingAgentOutput, DecisionTrigger::Evaluated(ControlAction::Block)) => Blocked,
        (AwaitingAgentOutput, DecisionTrigger::Evaluated(ControlAction::Reject)) => IntakeRejected,
        (AwaitingHumanReview, DecisionTrigger::ReviewerActed) => Finalized,
        (AwaitingAgentOutput | AwaitingHumanReview | Blocked, DecisionTrigger::Closed) => Finalized,
        _ => {
            let t = match trigger {
                DecisionTrigger::Evaluated(_) => "evaluate",
                DecisionTrigger::ReviewerActed => "review",
                DecisionTrigger::Closed => "close",
            };
            return Err(refuse("decision", from, t));
        }
    };
    Ok(to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agent_table() {
        use AgentStatus::*;
        use AgentTrigger::*;
        let expect = |s, t| agent_next(s, t).ok();
        for s in AgentStatus::ALL {
            for t in [Activate, Suspend, Deprecate] {
                let want = match (s, t) {
                    (Draft, Activate) | (Suspended, Activate) => Some(Active),
                    (Active, Suspend) => Some(Suspended),
                    (Draft | Active | Suspended, Deprecate) => Some(Deprecated),
                    _ => None,
                };
                assert_eq!(expect(*s, t), want, "{s} {t}");
            }
        }
    }

    #[test]
    fn profile_table() {
        use ProfileStatus::*;
        for s in ProfileStatus::ALL {
            assert_eq!(
                profile_next(*s, ProfileTrigger::Activate).ok(),
                (*s != Active).then_some(Active)
            );
            assert_eq!(
                profile_next(*s, ProfileTrigger::Disable).ok(),
                (*s == Active).then_some(Disabled)
            );
        }
    }

    #[test]
    fn connection_table() {
        use ConnectionStatus::*;
        for s in ConnectionStatus::ALL {
            let can_validate = matches!(s, Pending | Valid | Invalid);
            assert_eq!(
                connection_next(*s, ConnectionTrigger::Validate(true)).ok(),
                can_validate.then_some(Valid)
            );
            assert_eq!(
                connection_next(*s, ConnectionTrigger::Validate(false)).ok(),
                can_validate.then_some(Invalid)
            );
            assert_eq!(
                connection_next(*s, ConnectionTrigger::Disable).ok(),
                (*s == Valid).then_some(Disabled)
            );
            assert_eq!(
                connection_next(*s, ConnectionTrigger::Enable).ok(),
                (*s == Disabled).then_some(Valid)
            );
            assert_eq!(
                connection_next(*s, ConnectionTrigger::RotateCredential).ok(),
                (*s != Deleting).then_some(Pending)
            );
            assert_eq!(
                connection_next(*s, ConnectionTrigger::Delete).ok(),
                Some(Deleting)
            );
        }
    }

    #[test]
    fn session_review_and_retry_rules() {
        use SessionState::*;
        use SessionTrigger as T;
        for s in SessionState::ALL {
            assert_eq!(session_next(*s, T::Cancel).ok(), Some(Cancelled));
            let reviewable = *s == WaitingForHumanReview;
            assert_eq!(
                session_next(*s, T::Approve).ok(),
                reviewable.then_some(Completed)
            );
            assert_eq!(
                session_next(*s, T::Reject).ok(),
                reviewable.then_some(Blocked)
            );
            let retryable = matches!(s, Blocked | Failed | WaitingForHumanReview);
            assert_eq!(
                session_next(*s, T::RetryRerun).ok(),
                retryable.then_some(Queued)
            );
            assert_eq!(
                session_next(*s, T::RetryReopen).ok(),
                retryable.then_some(Running)
            );
            assert_eq!(
                session_next(*s, T::Pause).ok(),
                (*s == Running).then_some(Paused)
            );
            assert_eq!(
                session_next(*s, T::Resume).ok(),
                (*s == Paused).then_some(Running)
            );
        }
    }

    #[test]
    fn decision_terminal_states_never_change() {
        use DecisionStatus::*;
        for t in [
            DecisionTrigger::Evaluated(ControlAction::AutoApprove),
            DecisionTrigger::ReviewerActed,
            DecisionTrigger::Closed,
        ] {
            assert!(decision_next(Finalized, t).is_err());
            assert!(decision_next(IntakeRejected, t).is_err());
        }
        assert_eq!(
            decision_next(Blocked, DecisionTrigger::Closed).ok(),
            Some(Finalized)
        );
        assert!(decision_next(Blocked, DecisionTrigger::ReviewerActed).is_err());
    }
}
