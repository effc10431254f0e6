package rce.policies.medication_grounding_and_review

import rego.v1

# Any medication recommendation needs a human; one the sources do not ground by name and
# dose raises the severity to high.
# One inline rule on purpose: every extra rule costs an evaluation step per decision.
result := {
	"policy_id": "medication_grounding_and_review",
	"name": "Medication recommendations grounded and reviewed",
	"version": "1.0.0",
	"passed": input.medications.recommended == 0,
	"severity": {true: "high", false: "medium"}[input.medications.ungrounded > 0],
	"effect": "review",
	"message": {
		true: "no medication recommendation",
		false: "medication recommendations need pharmacist or physician review",
	}[input.medications.recommended == 0],
}
