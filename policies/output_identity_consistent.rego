package rce.policies.output_identity_consistent

import rego.v1

# Defence in depth behind intake: an output claiming another agent, model or task is blocked.
# One inline rule on purpose: every extra rule costs an evaluation step per decision.
result := {
	"policy_id": "output_identity_consistent",
	"name": "Output identity consistent",
	"version": "1.0.0",
	"passed": input.output.identity_consistent,
	"severity": "critical",
	"effect": "block",
	"message": {
		true: "the output's identity matches the run",
		false: "the output's identity does not match the run's agent, version, model or task",
	}[input.output.identity_consistent],
}
