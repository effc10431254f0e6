package rce.policies.claims_cite_sources

import rego.v1

# A claim without any supporting_source_ids cannot be checked against evidence; a human must vouch for it.
# One inline rule on purpose: every extra rule costs an evaluation step per decision.
result := {
	"policy_id": "claims_cite_sources",
	"name": "Claims cite sources",
	"version": "1.0.0",
	"passed": input.claims.no_citation == 0,
	"severity": "high",
	"effect": "review",
	"message": {
		true: "every claim cites at least one source",
		false: "at least one claim cites no source",
	}[input.claims.no_citation == 0],
}
