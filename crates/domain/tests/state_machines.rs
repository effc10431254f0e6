//! Property tests: random trigger sequences through the session and decision state machines,
//! checked step by step against the contract's tables written out here as plain data.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use domain::*;
use proptest::prelude::*;

fn session_triggers() -> Vec<SessionTrigger> {
    use SessionTrigger::*;
    vec![
        Enqueue,
        Start,
        OutputReceived,
        Evaluated(ControlAction::AutoApprove),
        Evaluated(ControlAction::RequireReview),
        Evaluated(ControlAction::Block),
        Evaluated(ControlAction::Reject),
        Fail,
        Pause,
        Resume,
        Cancel,
        Approve,
        Reject,
        RetryRerun,
        RetryReopen,
    ]
}

/// The contract's session table (section 4, "Session"), as data.
fn contract_session(from: SessionState, t: SessionTrigger) -> Option<SessionState> {
    use SessionState as S;
    use SessionTrigger as T;
    const TABLE: &[(&str, &str, &str)] = &[
        ("created", "enqueue", "queued"),
        ("queued", "start", "running"),
        ("running", "output_received", "waiting_for_evidence"),
        ("waiting_for_evidence", "auto_approved", "completed"),
        (
            "waiting_for_evidence",
            "review_required",
            "waiting_for_human_review",
        ),
        ("waiting_for_evidence", "blocked_by_policy", "blocked"),
        ("waiting_for_evidence", "intake_rejected", "failed"),
        ("running", "failed", "failed"),
        ("waiting_for_evidence", "failed", "failed"),
        ("running", "pause", "paused"),
        ("paused", "resume", "running"),
        ("waiting_for_human_review", "approve", "completed"),
        ("waiting_for_human_review", "reject", "blocked"),
    ];
    if t == T::Cancel {
        return Some(S::Cancelled);
    }
    if matches!(t, T::RetryRerun | T::RetryReopen) {
        return matches!(from, S::Blocked | S::Failed | S::WaitingForHumanReview).then_some(
            if t == T::RetryRerun {
                S::Queued
            } else {
                S::Running
            },
        );
    }
    TABLE
        .iter()
        .find(|(f, n, _)| *f == from.as_str() && *n == t.name())
        .map(|(_, _, to)| to.parse::<SessionState>().unwrap())
}

proptest! {
    #[test]
    fn session_machine_follows_the_contract(steps in proptest::collection::vec(0usize..15, 1..60)) {
        let triggers = session_triggers();
        let mut state = SessionState::Created;
        for i in steps {
            let t = triggers[i];
            let expected = contract_session(state, t);
            let got = session_next(state, t).ok();
            prop_assert_eq!(got, expected, "{} --{:?}-->", state, t);
            prop_assert_ne!(got, Some(SessionState::Resumed), "resumed is never a resting state");
            if let Some(next) = got {
                state = next;
            }
        }
    }

    #[test]
    fn decisions_never_leave_a_terminal_status(steps in proptest::collection::vec(0usize..6, 1..40)) {
        let triggers = [
            DecisionTrigger::Evaluated(ControlAction::AutoApprove),
            DecisionTrigger::Evaluated(ControlAction::RequireReview),
            DecisionTrigger::Evaluated(ControlAction::Block),
            DecisionTrigger::Evaluated(ControlAction::Reject),
            DecisionTrigger::ReviewerActed,
            DecisionTrigger::Closed,
        ];
        let mut status = DecisionStatus::AwaitingAgentOutput;
        let mut evaluated = false;
        for i in steps {
            let t = triggers[i];
            let result = decision_next(status, t);
            let terminal = matches!(status, DecisionStatus::Finalized | DecisionStatus::IntakeRejected);
            if terminal {
                prop_assert!(result.is_err(), "{} changed by {:?}", status, t);
            }
            if let Ok(next) = result {
                if matches!(t, DecisionTrigger::Evaluated(_)) {
                    prop_assert!(!evaluated, "evaluated twice");
                    evaluated = true;
                }
                if t == DecisionTrigger::ReviewerActed {
                    prop_assert_eq!(status, DecisionStatus::AwaitingHumanReview);
                }
                status = next;
            }
        }
    }
}
