package rce.policies.unsupported_claim_ratio

import rego.v1

# Claims their own citations do not (fully) state need review once their share exceeds
# thresholds.unsupported_ratio_max (default 0: any such claim).
# One inline rule on purpose: every extra rule costs an evaluation step per decision.
result := {
	"policy_id": "unsupported_claim_ratio",
	"name": "Unsupported claim ratio",
	"version": "1.0.0",
	"passed": input.claims.unsupported_ratio <= input.thresholds.unsupported_ratio_max,
	"severity": "medium",
	"effect": "review",
	"message": {
		true: "the share of unsupported or partially supported claims is within the threshold",
		false: "the share of unsupported or partially supported claims exceeds the threshold",
	}[input.claims.unsupported_ratio <= input.thresholds.unsupported_ratio_max],
}
