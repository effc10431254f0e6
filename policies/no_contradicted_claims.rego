package rce.policies.no_contradicted_claims

import rego.v1

# A claim its own sources contradict (another number, unit, polarity or side) is a dangerous
# error; the output is blocked.
# One inline rule on purpose: every extra rule costs an evaluation step per decision.
result := {
	"policy_id": "no_contradicted_claims",
	"name": "No contradicted claims",
	"version": "1.0.0",
	"passed": input.claims.contradicted == 0,
	"severity": "critical",
	"effect": "block",
	"message": {
		true: "no claim is contradicted by its cited sources",
		false: "at least one claim is contradicted by its cited sources",
	}[input.claims.contradicted == 0],
}
