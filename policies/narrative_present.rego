package rce.policies.narrative_present

import rego.v1

# An output whose narrative is blank is not a usable clinical document.
# One inline rule on purpose: every extra rule costs an evaluation step per decision.
result := {
	"policy_id": "narrative_present",
	"name": "Narrative present",
	"version": "1.0.0",
	"passed": input.output.narrative_present,
	"severity": "medium",
	"effect": "review",
	"message": {
		true: "the output has a narrative",
		false: "the output's narrative is empty",
	}[input.output.narrative_present],
}
