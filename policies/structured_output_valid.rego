package rce.policies.structured_output_valid

import rego.v1

# A managed model answer that could not be mapped into an agent output is blocked.
# One inline rule on purpose: every extra rule costs an evaluation step per decision.
result := {
	"policy_id": "structured_output_valid",
	"name": "Structured output valid",
	"version": "1.0.0",
	"passed": input.output.structured_output_error == false,
	"severity": "critical",
	"effect": "block",
	"message": {
		true: "the model answer mapped into a valid agent output",
		false: "the model answer could not be mapped into a valid agent output",
	}[input.output.structured_output_error == false],
}
