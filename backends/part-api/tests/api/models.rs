//! `GET /item/{id}/model/{format}`: generated on first request, cached, served with ETag and
//! ranges; profiles by length; bad input and families without a generator refused.

use kernel::testing::{TestApp, TestEnvironment};

use crate::helpers::{data, error_code, id_of_code, search, spawn_service, BASE};

async fn get(
    app: &TestApp,
    path: &str,
    headers: &[(&str, &str)],
) -> anyhow::Result<reqwest::Response> {
    let mut request = app.client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    Ok(request.send().await?)
}

fn header(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get(name)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

/// The corners of a binary STL's triangles: (min, max).
fn stl_bounds(bytes: &[u8]) -> anyhow::Result<([f32; 3], [f32; 3])> {
    anyhow::ensure!(bytes.len() >= 84, "STL too short");
    let count = u32::from_le_bytes(bytes[80..84].try_into()?) as usize;
    anyhow::ensure!(
        bytes.len() == 84 + 50 * count,
        "STL size for {count} triangles"
    );
    let mut min = [f32::MAX; 3];
    let mut max = [f32::MIN; 3];
    for triangle in bytes[84..].chunks_exact(50) {
        for corner in 1..4 {
            for axis in 0..3 {
                let at = 12 * corner + 4 * axis;
                let value = f32::from_le_bytes(triangle[at..at + 4].try_into()?);
                min[axis] = min[axis].min(value);
                max[axis] = max[axis].max(value);
            }
        }
    }
    Ok((min, max))
}

fn close(actual: f32, expected: f32) -> bool {
    (actual - expected).abs() <= 0.01 * expected.abs().max(1.0)
}

async fn a_screw_model_is_generated_once_cached_and_served_with_etag_and_ranges(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service) = spawn_service(&environment).await?;
    let screw = id_of_code(&app, "ISO 4762 M6×20").await?;
    let step_path = format!("{BASE}/item/{screw}/model/step");
    // The detail lists the five downloads without generating any of them.
    let detail = data(&app, &format!("{BASE}/item/{screw}")).await?;
    let models = detail["models"].as_array().cloned().unwrap_or_default();
    let formats: Vec<&str> = models.iter().filter_map(|m| m["format"].as_str()).collect();
    anyhow::ensure!(formats == ["step", "stl", "glb", "svg", "dxf"], "{detail}");
    anyhow::ensure!(models[0]["url"] == step_path.as_str(), "{}", models[0]);
    anyhow::ensure!(models[0]["fileName"] == "socket_head_cap_iso4762_M6-1x20.step");
    anyhow::ensure!(models[0]["lengthRequired"] == false);
    anyhow::ensure!(service.models().generations() == 0);

    // 20 parallel first requests: one generation, identical bytes.
    let burst = futures_util::future::join_all((0..20).map(|_| get(&app, &step_path, &[]))).await;
    let mut bodies = Vec::new();
    let mut etags = Vec::new();
    for response in burst {
        let response = response?;
        anyhow::ensure!(response.status() == 200, "{}", response.status());
        etags.push(header(&response, "etag"));
        bodies.push(response.bytes().await?);
    }
    anyhow::ensure!(
        service.models().generations() == 1,
        "generations: {}",
        service.models().generations()
    );
    anyhow::ensure!(bodies.iter().all(|body| body == &bodies[0]));
    anyhow::ensure!(etags
        .iter()
        .all(|etag| etag == &etags[0] && !etag.is_empty()));

    let step = String::from_utf8(bodies[0].to_vec())?;
    anyhow::ensure!(step.starts_with("ISO-10303-21;"), "{}", &step[..40]);
    anyhow::ensure!(step.contains("AUTOMOTIVE_DESIGN"));
    anyhow::ensure!(
        step.matches("MANIFOLD_SOLID_BREP").count() == 3,
        "head in two prisms + shank"
    );
    anyhow::ensure!(part_geometry::brep::dangling_references(&step).is_empty());

    let response = get(&app, &step_path, &[]).await?;
    anyhow::ensure!(header(&response, "content-type") == "model/step");
    anyhow::ensure!(
        header(&response, "content-disposition")
            == "attachment; filename=\"socket_head_cap_iso4762_M6-1x20.step\"",
        "{}",
        header(&response, "content-disposition")
    );
    // A second request is served from the cache, and If-None-Match answers 304.
    let etag = etags[0].clone();
    let not_modified = get(&app, &step_path, &[("If-None-Match", &etag)]).await?;
    anyhow::ensure!(not_modified.status() == 304, "{}", not_modified.status());
    let range = get(&app, &step_path, &[("Range", "bytes=0-12")]).await?;
    anyhow::ensure!(range.status() == 206, "{}", range.status());
    anyhow::ensure!(range.bytes().await?.as_ref() == b"ISO-10303-21;");
    let unsatisfiable = get(&app, &step_path, &[("Range", "bytes=99999999-")]).await?;
    anyhow::ensure!(unsatisfiable.status() == 416, "{}", unsatisfiable.status());
    anyhow::ensure!(service.models().generations() == 1);

    // The mesh's bounding box is the row's: dk 10.22, k 6 above z = 0, l 20 below.
    let stl = get(&app, &format!("{BASE}/item/{screw}/model/stl"), &[]).await?;
    anyhow::ensure!(stl.status() == 200);
    let (min, max) = stl_bounds(&stl.bytes().await?)?;
    anyhow::ensure!(
        close(max[0] - min[0], 10.22)
            && close(max[1] - min[1], 10.22)
            && close(min[2], -20.0)
            && close(max[2], 6.0),
        "STL bounds {min:?} {max:?}"
    );

    let glb = get(&app, &format!("{BASE}/item/{screw}/model/glb"), &[]).await?;
    anyhow::ensure!(header(&glb, "content-type") == "model/gltf-binary");
    anyhow::ensure!(glb.bytes().await?.starts_with(b"glTF"));
    let svg = get(&app, &format!("{BASE}/item/{screw}/model/svg"), &[]).await?;
    anyhow::ensure!(header(&svg, "content-type").starts_with("image/svg+xml"));
    let svg = svg.text().await?;
    anyhow::ensure!(svg.contains("<svg") && svg.trim_end().ends_with("</svg>"));
    let dxf = get(&app, &format!("{BASE}/item/{screw}/model/dxf"), &[]).await?;
    let dxf = dxf.text().await?;
    anyhow::ensure!(dxf.contains("SECTION") && dxf.contains("ENTITIES") && dxf.contains("EOF"));
    anyhow::ensure!(service.models().generations() == 5);
    app.stop().await;
    Ok(())
}

async fn a_profile_model_has_the_requested_length_and_bad_requests_are_refused(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service) = spawn_service(&environment).await?;
    let profile = id_of_code(&app, "IPE100").await?;
    let detail = data(&app, &format!("{BASE}/item/{profile}")).await?;
    anyhow::ensure!(detail["models"][1]["lengthRequired"] == true, "{detail}");
    anyhow::ensure!(
        detail["models"][1]["url"] == format!("{BASE}/item/{profile}/model/stl").as_str()
            && detail["models"][1]["fileName"] == "profile_IPE_IPE100.stl",
        "{detail}"
    );
    let response = get(
        &app,
        &format!("{BASE}/item/{profile}/model/stl?length=500"),
        &[],
    )
    .await?;
    anyhow::ensure!(response.status() == 200, "{}", response.status());
    anyhow::ensure!(
        header(&response, "content-disposition")
            == "attachment; filename=\"profile_IPE_IPE100x500.stl\"",
        "{}",
        header(&response, "content-disposition")
    );
    let (min, max) = stl_bounds(&response.bytes().await?)?;
    let mut extents: Vec<f32> = (0..3).map(|axis| max[axis] - min[axis]).collect();
    extents.sort_by(f32::total_cmp);
    anyhow::ensure!(
        close(extents[0], 55.0) && close(extents[1], 100.0) && close(extents[2], 500.0),
        "{extents:?}"
    );
    let step = get(
        &app,
        &format!("{BASE}/item/{profile}/model/step?length=500"),
        &[],
    )
    .await?;
    anyhow::ensure!(step.text().await?.starts_with("ISO-10303-21;"));
    // Another length is another model.
    let longer = get(
        &app,
        &format!("{BASE}/item/{profile}/model/stl?length=1000"),
        &[],
    )
    .await?;
    anyhow::ensure!(longer.status() == 200);
    anyhow::ensure!(service.models().generations() == 3);

    let screw = id_of_code(&app, "ISO 4762 M6×20").await?;
    let refused = [
        (format!("{BASE}/item/{profile}/model/stl"), 1_010_005_002),
        (
            format!("{BASE}/item/{profile}/model/stl?length=5"),
            1_010_005_002,
        ),
        (
            format!("{BASE}/item/{profile}/model/stl?length=20001"),
            1_010_005_002,
        ),
        (
            format!("{BASE}/item/{profile}/model/stl?length=abc"),
            1_010_005_002,
        ),
        (
            format!("{BASE}/item/{profile}/model/stl?length=NaN"),
            1_010_005_002,
        ),
        (
            format!("{BASE}/item/{screw}/model/step?length=500"),
            1_010_005_002,
        ),
        (format!("{BASE}/item/{screw}/model/obj"), 1_010_005_001),
        (format!("{BASE}/item/{screw}/model/STEP"), 1_010_005_001),
        (format!("{BASE}/item/abc/model/step"), 400),
        (format!("{BASE}/item/999999999/model/step"), 1_010_002_000),
    ];
    for (path, code) in refused {
        let answer = error_code(&app, &path).await?;
        anyhow::ensure!(answer == code, "{path}: {answer}, expected {code}");
    }

    // A row the generator refuses (a DIN 6885 key: no nominal length in the data): its own
    // code, not a 500, and no downloads in its detail.
    let hits = search(&app, "DIN 6885", "").await?;
    let part_without_model = hits["list"]
        .as_array()
        .and_then(|list| list.iter().find(|hit| hit["designation"] == "DIN 6885"))
        .and_then(|hit| hit["id"].as_i64())
        .ok_or_else(|| anyhow::anyhow!("no DIN 6885 key: {hits}"))?;
    let (status, body) = app
        .get_json(&format!("{BASE}/item/{part_without_model}/model/step"))
        .await?;
    anyhow::ensure!(
        status == 200 && body["code"] == 1_010_005_000,
        "{status} {body}"
    );
    anyhow::ensure!(
        body["msg"]
            .as_str()
            .unwrap_or_default()
            .contains("shaft_key"),
        "{body}"
    );
    let detail = data(&app, &format!("{BASE}/item/{part_without_model}")).await?;
    anyhow::ensure!(
        detail["models"].as_array().is_none_or(Vec::is_empty),
        "{detail}"
    );
    // The recessed cheese heads (ISO 7048 cross, ISO 14580 hexalobular) list their downloads.
    for designation in ["ISO 7048", "ISO 14580"] {
        let hits = search(&app, designation, "").await?;
        let screw = hits["list"]
            .as_array()
            .and_then(|list| list.iter().find(|hit| hit["designation"] == designation))
            .and_then(|hit| hit["id"].as_i64())
            .ok_or_else(|| anyhow::anyhow!("no {designation} screw: {hits}"))?;
        let detail = data(&app, &format!("{BASE}/item/{screw}")).await?;
        anyhow::ensure!(
            detail["models"].as_array().map(Vec::len) == Some(5),
            "{designation}: {detail}"
        );
    }
    anyhow::ensure!(service.models().generations() == 3);
    app.stop().await;
    Ok(())
}

/// ASME B18.3's imperial rows: `d` and `pitch` in mm from the size cell (1/4-20: 0.25 in,
/// 20 threads per inch), so their models build; and a button head (ISO 7380, a dome turned
/// about the axis) has its model too.
async fn imperial_and_domed_screws_have_their_models(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, _service) = spawn_service(&environment).await?;
    // The code ends in an inch mark the search words drop: look it up among the 1/4-20 screws.
    // (ASME B18.3's 1/4-20 row allows 1.50" to 5.00": there is no ×1.25".)
    let code = "ASME B18.3 1/4-20×1.50\"";
    let hits = search(&app, "ASME B18.3 1/4-20×1.50", "").await?;
    let screw = hits["list"]
        .as_array()
        .and_then(|list| list.iter().find(|hit| hit["partNumber"] == code))
        .and_then(|hit| hit["id"].as_i64())
        .ok_or_else(|| anyhow::anyhow!("{code} not found: {hits}"))?;
    let detail = data(&app, &format!("{BASE}/item/{screw}")).await?;
    let dimensions = &detail["component"]["dimensions"];
    let mm = |name: &str| dimensions[name].as_f64().unwrap_or_default();
    anyhow::ensure!(
        (mm("d") - 6.35).abs() < 1e-9 && (mm("pitch") - 1.27).abs() < 1e-9,
        "{dimensions}"
    );
    anyhow::ensure!(
        detail["models"].as_array().map(Vec::len) == Some(5),
        "{detail}"
    );
    let step = get(&app, &format!("{BASE}/item/{screw}/model/step"), &[]).await?;
    anyhow::ensure!(step.status() == 200, "{}", step.status());
    let step = step.text().await?;
    anyhow::ensure!(
        step.starts_with("ISO-10303-21;") && step.matches("MANIFOLD_SOLID_BREP").count() == 3,
        "{}",
        &step[..step.len().min(300)]
    );
    // dk 0.375 in, k 0.25 in above z = 0, l 1.5 in below.
    let stl = get(&app, &format!("{BASE}/item/{screw}/model/stl"), &[]).await?;
    let (min, max) = stl_bounds(&stl.bytes().await?)?;
    anyhow::ensure!(
        close(max[0] - min[0], 9.525) && close(min[2], -38.1) && close(max[2], 6.35),
        "STL bounds {min:?} {max:?}"
    );

    let button = id_of_code(&app, "ISO 7380-1 M6×20").await?;
    let stl = get(&app, &format!("{BASE}/item/{button}/model/stl"), &[]).await?;
    anyhow::ensure!(stl.status() == 200, "{}", stl.status());
    // dk 10.5, k 3.3 above z = 0, l 20 below.
    let (min, max) = stl_bounds(&stl.bytes().await?)?;
    anyhow::ensure!(
        close(max[0] - min[0], 10.5) && close(min[2], -20.0) && close(max[2], 3.3),
        "STL bounds {min:?} {max:?}"
    );
    app.stop().await;
    Ok(())
}

/// The families that had no generator: internal tooth lock washers (an ASME row: lengths in
/// inches, the tooth count as it is) and both circlips have all five files, of the row's size.
async fn tooth_lock_washers_and_circlips_have_their_models(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, _service) = spawn_service(&environment).await?;
    let hits = search(&app, "ASME B18.21.1 1/4", "").await?;
    let washer = hits["list"]
        .as_array()
        .and_then(|list| {
            list.iter()
                .find(|hit| hit["family"] == "internal_tooth_lock_washer" && hit["size"] == "1/4")
        })
        .and_then(|hit| hit["id"].as_i64())
        .ok_or_else(|| anyhow::anyhow!("no ASME 1/4 tooth lock washer: {hits}"))?;
    let detail = data(&app, &format!("{BASE}/item/{washer}")).await?;
    anyhow::ensure!(
        detail["component"]["dimensions"]["n"] == 8.0,
        "the teeth are counted, not converted: {}",
        detail["component"]["dimensions"]
    );
    anyhow::ensure!(
        detail["models"].as_array().map(Vec::len) == Some(5),
        "{detail}"
    );
    // d2 0.478 in across, h 0.026 in.
    let stl = get(&app, &format!("{BASE}/item/{washer}/model/stl"), &[]).await?;
    anyhow::ensure!(stl.status() == 200, "{}", stl.status());
    let (min, max) = stl_bounds(&stl.bytes().await?)?;
    anyhow::ensure!(
        close(max[0] - min[0], 0.478 * 25.4) && close(max[2] - min[2], 0.026 * 25.4),
        "STL bounds {min:?} {max:?}"
    );

    for (code, thickness) in [("DIN 471 20", 1.2), ("DIN 472 47", 1.75)] {
        let ring = id_of_code(&app, code).await?;
        let step = get(&app, &format!("{BASE}/item/{ring}/model/step"), &[]).await?;
        anyhow::ensure!(step.status() == 200, "{code}: {}", step.status());
        let step = step.text().await?;
        anyhow::ensure!(
            step.matches("MANIFOLD_SOLID_BREP").count() == 1,
            "{code}: {}",
            &step[..step.len().min(300)]
        );
        let stl = get(&app, &format!("{BASE}/item/{ring}/model/stl"), &[]).await?;
        let (min, max) = stl_bounds(&stl.bytes().await?)?;
        anyhow::ensure!(close(max[2] - min[2], thickness), "{code}: {min:?} {max:?}");
        let svg = get(&app, &format!("{BASE}/item/{ring}/model/svg"), &[]).await?;
        anyhow::ensure!(svg.status() == 200, "{code}: {}", svg.status());
    }
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    a_screw_model_is_generated_once_cached_and_served_with_etag_and_ranges,
    a_profile_model_has_the_requested_length_and_bad_requests_are_refused,
    imperial_and_domed_screws_have_their_models,
    tooth_lock_washers_and_circlips_have_their_models
);
