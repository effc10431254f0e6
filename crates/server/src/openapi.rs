//! The machine-readable schema, generated from the routes themselves (utoipa-axum collects
//! every routed handler), plus the error responses every operation can give.

use crate::error::Problem;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{Content, OpenApi as OpenApiDoc, RefOr, Required, Response, ResponseBuilder};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(title = "Runtime Control Engine", description = "Runtime control layer for clinical AI agents: registry, managed execution, evaluation, review and replay."),
    components(schemas(Problem)),
    tags(
        (name = "operations"), (name = "agents"), (name = "execution-profiles"), (name = "provider-connections"),
        (name = "adapters"), (name = "sessions"), (name = "agent-runs"), (name = "decision-records"), (name = "metrics")
    )
)]
pub struct ApiDoc;

fn problem(description: &str) -> RefOr<Response> {
    RefOr::T(
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/problem+json",
                Content::new(Some(RefOr::Ref(utoipa::openapi::Ref::from_schema_name(
                    "Problem",
                )))),
            )
            .build(),
    )
}

fn string_header_param(name: &str, pattern: &str, description: &str) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some(description))
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some(pattern))
                .build(),
        ))
        .build()
}

/// Adds the problem responses and the tenant/correlation headers to every operation.
pub fn finish(mut doc: OpenApiDoc, version: &str) -> OpenApiDoc {
    doc.info.version = version.to_owned();
    for (path, item) in doc.paths.paths.iter_mut() {
        let ops = [
            item.get.as_mut(),
            item.post.as_mut(),
            item.patch.as_mut(),
            item.delete.as_mut(),
            item.put.as_mut(),
        ];
        for op in ops.into_iter().flatten() {
            let mut codes: Vec<(&str, &str)> =
                vec![("400", "Invalid input"), ("405", "Method not allowed")];
            if path.starts_with("/runtime") {
                codes.extend([
                    ("404", "Not found under this tenant"),
                    ("409", "Conflict with the current state"),
                ]);
            }
            if op.request_body.is_some() {
                codes.extend([
                    ("413", "Body too large"),
                    ("415", "Body is not application/json"),
                ]);
            }
            if path.starts_with("/runtime/provider-connections")
                || path.ends_with("/execute")
                || path.contains("/sessions")
            {
                codes.push(("503", "Credential store unavailable"));
            }
            if path.ends_with("/execute") || path.ends_with("/retry") {
                codes.extend([
                    ("502", "The provider answered with an error"),
                    ("504", "The provider did not answer in time"),
                ]);
            }
            for (code, description) in codes {
                op.responses
                    .responses
                    .entry(code.to_owned())
                    .or_insert_with(|| problem(description));
            }
            let params = op.parameters.get_or_insert_with(Vec::new);
            if path.starts_with("/runtime") {
                params.push(string_header_param(
                    "X-Tenant-ID",
                    "^[A-Za-z0-9._-]{1,64}$",
                    "Tenant scope; the default tenant when absent.",
                ));
            }
            params.push(
                ParameterBuilder::new()
                    .name("X-Correlation-ID")
                    .parameter_in(ParameterIn::Header)
                    .required(Required::False)
                    .description(Some("Echoed when 1-128 characters of [A-Za-z0-9._:-]; otherwise a new one is generated."))
                    .schema(Some(ObjectBuilder::new().schema_type(Type::String).build()))
                    .build(),
            );
        }
    }
    doc
}
