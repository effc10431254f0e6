package rce.policies.high_risk_tier_requires_review

import rego.v1

# Outputs of agents classified high or critical are never auto-approved.
# One inline rule on purpose: every extra rule costs an evaluation step per decision.
result := {
	"policy_id": "high_risk_tier_requires_review",
	"name": "High risk tier requires review",
	"version": "1.0.0",
	"passed": object.get({"high": false, "critical": false}, input.agent.risk_tier, true),
	"severity": "high",
	"effect": "review",
	"message": {
		true: "agent risk tier allows automatic approval",
		false: "agents of risk tier high or critical always need review",
	}[object.get({"high": false, "critical": false}, input.agent.risk_tier, true)],
}
