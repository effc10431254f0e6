package rce.policies.sources_required

import rego.v1

# Without any source document no claim can be verified.
# One inline rule on purpose: every extra rule costs an evaluation step per decision.
result := {
	"policy_id": "sources_required",
	"name": "Sources required",
	"version": "1.0.0",
	"passed": input.sources.count > 0,
	"severity": "high",
	"effect": "review",
	"message": {
		true: "the run supplied sources to check the output against",
		false: "the run supplied no sources, so nothing could be verified",
	}[input.sources.count > 0],
}
