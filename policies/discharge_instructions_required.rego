package rce.policies.discharge_instructions_required

import rego.v1

# A discharge summary must tell the patient what to do next; without instructions it needs review.
# One inline rule on purpose: every extra rule costs an evaluation step per decision.
result := {
	"policy_id": "discharge_instructions_required",
	"name": "Discharge instructions required",
	"version": "1.0.0",
	"passed": object.get({"discharge_summary": input.output.discharge_instructions_present}, input.task_type, true),
	"severity": "medium",
	"effect": "review",
	"message": {
		true: "discharge instructions are present or not required for this task",
		false: "a discharge summary without discharge instructions",
	}[object.get({"discharge_summary": input.output.discharge_instructions_present}, input.task_type, true)],
}
