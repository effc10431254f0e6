package rce.policies.citations_resolve

import rego.v1

# A citation to a document that was never supplied is fabricated evidence; the output is blocked.
# One inline rule on purpose: every extra rule costs an evaluation step per decision.
result := {
	"policy_id": "citations_resolve",
	"name": "Citations resolve",
	"version": "1.0.0",
	"passed": input.claims.citation_not_found == 0,
	"severity": "high",
	"effect": "block",
	"message": {
		true: "every cited source id is one of the run's sources",
		false: "at least one claim cites a source id that is not among the run's sources",
	}[input.claims.citation_not_found == 0],
}
