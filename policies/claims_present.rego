package rce.policies.claims_present

import rego.v1

# An output without claims gives the evidence stage nothing to verify.
# One inline rule on purpose: every extra rule costs an evaluation step per decision.
result := {
	"policy_id": "claims_present",
	"name": "Claims present",
	"version": "1.0.0",
	"passed": input.claims.total > 0,
	"severity": "medium",
	"effect": "review",
	"message": {
		true: "the output makes at least one checkable claim",
		false: "the output makes no checkable claim",
	}[input.claims.total > 0],
}
