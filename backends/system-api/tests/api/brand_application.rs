//! Brand entry: the applicant's create and my-list, the form limits, the operators' page and
//! review, and the status the applicant sees afterwards.

use kernel::testing::{TestApp, TestEnvironment};
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

async fn post_as(
    app: &TestApp,
    path: &str,
    body: Value,
    token: Option<&str>,
) -> anyhow::Result<Value> {
    let (status, body) = call(app, Method::POST, path, Some(body), token, &[]).await?;
    assert_eq!(status, 200, "{body}");
    Ok(body)
}

fn application() -> Value {
    json!({
        "companyName": "宁波某某紧固件有限公司",
        "brandName": "NBFast",
        "contactName": "王工",
        "mobile": "13900139000",
        "email": "sales@nbfast.example.com",
        "website": "https://nbfast.example.com",
        "description": "专业生产 GB/T 5783 六角头螺栓",
        "categories": [{"library": "part", "code": "fasteners"}, {"library": "component", "code": "resistors"}],
        "licenceFileId": "42",
    })
}

async fn brand_application_journey(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let (applicant, applicant_id) = signed_in_user(&app, "wang@example.com", "王工").await?;
    let (other, other_id) = signed_in_user(&app, "li@example.com", "李工").await?;
    insert_file(
        &settings,
        42,
        applicant_id,
        "licence.jpg",
        "image/jpeg",
        300_000,
    )
    .await?;
    insert_file(
        &settings,
        43,
        applicant_id,
        "licence.png",
        "image/png",
        300_000,
    )
    .await?;
    insert_file(&settings, 44, other_id, "theirs.png", "image/png", 300_000).await?;
    insert_file(
        &settings,
        45,
        applicant_id,
        "licence.pdf",
        "application/pdf",
        300_000,
    )
    .await?;

    // Sign-in required.
    assert_error(
        &post_as(&app, "/brand-application/create", application(), None).await?,
        401,
        "账号未登录",
    );
    let (_, anonymous) = call(
        &app,
        Method::GET,
        "/brand-application/my-list",
        None,
        None,
        &[],
    )
    .await?;
    assert_error(&anonymous, 401, "账号未登录");

    // The form limits.
    let with = |field: &str, value: Value| {
        let mut body = application();
        body[field] = value;
        body
    };
    let categories: Vec<Value> = (0..21)
        .map(|i| json!({"library": "mat", "code": format!("steel-{i}")}))
        .collect();
    let cases = [
        (with("companyName", Value::Null), "请输入企业名称"),
        (
            with("companyName", json!("公".repeat(101))),
            "企业名称不能超过100个字符",
        ),
        (with("brandName", json!(" ")), "请输入品牌名称"),
        (
            with("brandName", json!("B".repeat(65))),
            "品牌名称不能超过64个字符",
        ),
        (with("contactName", Value::Null), "请输入联系人"),
        (
            with("contactName", json!("联".repeat(33))),
            "联系人不能超过32个字符",
        ),
        (with("mobile", Value::Null), "请输入联系电话"),
        (with("mobile", json!("23900139000")), "手机号格式不正确"),
        (with("email", json!("sales@")), "邮箱格式不正确"),
        (
            with("website", json!("ftp://nbfast.example.com")),
            "企业官网地址格式不正确",
        ),
        (
            with("description", json!("介".repeat(501))),
            "品牌介绍不能超过500个字符",
        ),
        (with("categories", json!([])), "请至少选择一个经营品类"),
        (with("categories", Value::Null), "请至少选择一个经营品类"),
        (
            with("categories", Value::Array(categories)),
            "经营品类最多选择20个",
        ),
        (
            with("categories", json!([{"library": "food", "code": "x"}])),
            "经营品类不正确",
        ),
        (with("categories", json!(["fasteners"])), "经营品类不正确"),
        (with("licenceFileId", Value::Null), "请上传营业执照"),
        (with("licenceFileId", json!("")), "请上传营业执照"),
        (
            with("licenceFileId", json!("../42")),
            "营业执照文件编号不正确",
        ),
    ];
    for (body, msg) in cases {
        let answer = post_as(&app, "/brand-application/create", body, Some(&applicant)).await?;
        assert_error(&answer, 400, &format!("请求参数不正确:{msg}"));
    }
    // The licence must be an image the applicant uploaded.
    for licence in [json!("44"), json!(45), json!("999")] {
        let answer = post_as(
            &app,
            "/brand-application/create",
            with("licenceFileId", licence),
            Some(&applicant),
        )
        .await?;
        assert_error(
            &answer,
            1_002_021_003,
            "营业执照图片不存在或不是您上传的文件",
        );
    }
    let description = "介".repeat(500);
    let at_limits = json!({
        "companyName": "公".repeat(100), "brandName": "B".repeat(64), "contactName": "联".repeat(32),
        "mobile": "13900139001", "categories": [{"library": "mat", "code": "steel"}],
        "licenceFileId": 43, "description": description,
    });
    let accepted = post_as(
        &app,
        "/brand-application/create",
        at_limits,
        Some(&applicant),
    )
    .await?;
    assert_eq!(accepted["code"], 0, "{accepted}");

    // Create → my-list shows it in review.
    let created = post_as(
        &app,
        "/brand-application/create",
        application(),
        Some(&applicant),
    )
    .await?;
    assert_eq!(created["code"], 0, "{created}");
    let id = created["data"].as_i64().unwrap_or_default();
    let mine = get_with(&app, "/brand-application/my-list", &applicant).await?;
    let list = mine["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(list.len(), 2, "{mine}");
    assert_eq!(list[0]["id"], id, "newest first");
    assert_eq!(list[0]["companyName"], "宁波某某紧固件有限公司");
    assert_eq!(list[0]["brandName"], "NBFast");
    assert_eq!(list[0]["status"], 0);
    assert_eq!(list[0]["reviewRemark"], Value::Null);
    assert!(list[0]["createTime"].as_i64().is_some(), "{mine}");
    assert_eq!(list[0]["categories"], application()["categories"]);
    // One application per brand in review at a time (brand names compared without case).
    let again = post_as(
        &app,
        "/brand-application/create",
        with("brandName", json!("nbfast")),
        Some(&applicant),
    )
    .await?;
    assert_error(&again, 1_002_021_002, "该品牌已有审核中的入驻申请");
    // Concurrent applications for one brand: exactly one is accepted.
    let concurrent = with("brandName", json!("RaceBrand"));
    let attempts = (0..5).map(|_| {
        post_as(
            &app,
            "/brand-application/create",
            concurrent.clone(),
            Some(&applicant),
        )
    });
    let answers = futures_util::future::try_join_all(attempts).await?;
    let codes: Vec<i64> = answers
        .iter()
        .map(|answer| answer["code"].as_i64().unwrap_or(-1))
        .collect();
    assert_eq!(
        codes.iter().filter(|code| **code == 0).count(),
        1,
        "{answers:?}"
    );
    assert_eq!(
        codes.iter().filter(|code| **code == 1_002_021_002).count(),
        4,
        "{answers:?}"
    );
    // Another applicant sees only its own.
    let theirs = get_with(&app, "/brand-application/my-list", &other).await?;
    assert_eq!(theirs["data"], json!([]));

    // Plain users cannot list or review.
    assert_error(
        &get_with(&app, "/brand-application/page", &applicant).await?,
        403,
        "没有该操作权限",
    );
    let review =
        |status: Value, remark: &str| json!({"id": id, "status": status, "reviewRemark": remark});
    assert_error(
        &post_as(
            &app,
            "/brand-application/review",
            review(json!(1), "ok"),
            Some(&applicant),
        )
        .await?,
        403,
        "没有该操作权限",
    );

    // The operator lists, filters and reviews.
    let operator = signed_in_with_role(&app, &settings, "operator@example.com", "operator").await?;
    let page = get_with(&app, "/brand-application/page?status=0", &operator).await?;
    assert_eq!(page["data"]["total"], 3, "{page}");
    let first = &page["data"]["list"][1];
    let licence = first["licenceUrl"].as_str().unwrap_or_default();
    assert!(
        licence.starts_with(&format!(
            "/to/api/base/file/content/get/{:032x}?expires=",
            42
        )),
        "{licence}"
    );
    assert_eq!(first["userName"], "王工");
    let found = get_with(&app, "/brand-application/page?keyword=nbfast", &operator).await?;
    assert_eq!(found["data"]["total"], 1, "{found}");
    assert_error(
        &post_as(
            &app,
            "/brand-application/review",
            review(json!(3), "x"),
            Some(&operator),
        )
        .await?,
        400,
        "请求参数不正确:status 必须为1(通过)或2(驳回)",
    );
    assert_error(
        &post_as(
            &app,
            "/brand-application/review",
            review(json!(2), " "),
            Some(&operator),
        )
        .await?,
        400,
        "请求参数不正确:驳回时请填写审核意见",
    );
    assert_error(
        &post_as(
            &app,
            "/brand-application/review",
            json!({"id": id}),
            Some(&operator),
        )
        .await?,
        400,
        "请求参数缺失:status",
    );
    let approved = post_as(
        &app,
        "/brand-application/review",
        review(json!(1), "资料齐全，欢迎入驻"),
        Some(&operator),
    )
    .await?;
    assert_eq!(approved, json!({"code": 0, "data": true, "msg": ""}));
    let twice = post_as(
        &app,
        "/brand-application/review",
        review(json!(2), "重复"),
        Some(&operator),
    )
    .await?;
    assert_error(&twice, 1_002_021_001, "入驻申请已审核");
    let unknown = post_as(
        &app,
        "/brand-application/review",
        json!({"id": 999_999, "status": 1}),
        Some(&operator),
    )
    .await?;
    assert_error(&unknown, 1_002_021_000, "入驻申请不存在");
    let rejected = post_as(
        &app,
        "/brand-application/review",
        json!({"id": accepted["data"], "status": 2, "reviewRemark": "营业执照不清晰"}),
        Some(&operator),
    )
    .await?;
    assert_eq!(rejected["data"], true, "{rejected}");

    // The applicant sees the outcome.
    let mine = get_with(&app, "/brand-application/my-list", &applicant).await?;
    assert_eq!(mine["data"][0]["brandName"], "RaceBrand", "{mine}");
    assert_eq!(mine["data"][0]["status"], 0, "{mine}");
    assert_eq!(mine["data"][1]["status"], 1, "{mine}");
    assert_eq!(mine["data"][1]["reviewRemark"], "资料齐全，欢迎入驻");
    assert!(mine["data"][1]["reviewTime"].as_i64().is_some(), "{mine}");
    assert_eq!(mine["data"][2]["status"], 2);
    assert_eq!(mine["data"][2]["reviewRemark"], "营业执照不清晰");
    let pending = get_with(&app, "/brand-application/page?status=0", &operator).await?;
    assert_eq!(pending["data"]["total"], 1, "{pending}");
    assert_eq!(pending["data"]["list"][0]["brandName"], "RaceBrand");
    app.stop().await;
    Ok(())
}

/// An approved application creates the brand's page: anyone may open it, the applicant lists it.
async fn approval_creates_the_brand_page(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let (applicant, applicant_id) = signed_in_user(&app, "wang@example.com", "王工").await?;
    let (other, other_id) = signed_in_user(&app, "li@example.com", "李工").await?;
    insert_file(
        &settings,
        42,
        applicant_id,
        "licence.jpg",
        "image/jpeg",
        300_000,
    )
    .await?;
    insert_file(&settings, 46, applicant_id, "logo.png", "image/png", 30_000).await?;
    insert_file(&settings, 47, other_id, "theirs.png", "image/png", 30_000).await?;

    // The logo must be an image the applicant uploaded.
    let mut foreign_logo = application();
    foreign_logo["logoFileId"] = json!("47");
    assert_error(
        &post_as(
            &app,
            "/brand-application/create",
            foreign_logo,
            Some(&applicant),
        )
        .await?,
        1_002_021_005,
        "品牌标志图片不存在或不是您上传的文件",
    );
    let mut with_logo = application();
    with_logo["logoFileId"] = json!("46");
    let created = post_as(
        &app,
        "/brand-application/create",
        with_logo,
        Some(&applicant),
    )
    .await?;
    let id = created["data"].clone();
    let mut rejected = application();
    rejected["brandName"] = json!("Other");
    let rejected = post_as(
        &app,
        "/brand-application/create",
        rejected,
        Some(&applicant),
    )
    .await?;

    // Nothing before approval.
    let mine = get_with(&app, "/brand/my-list", &applicant).await?;
    assert_eq!(mine["data"], json!([]), "{mine}");
    let listed = get_with(&app, "/brand-application/my-list", &applicant).await?;
    assert_eq!(listed["data"][1]["brandId"], Value::Null, "{listed}");
    assert_eq!(listed["data"][1]["logoFileId"], "46");
    assert!(
        listed["data"][1]["logoUrl"]
            .as_str()
            .is_some_and(|url| url.contains("/content/get/")),
        "{listed}"
    );

    let operator = signed_in_with_role(&app, &settings, "operator@example.com", "operator").await?;
    let review = |id: &Value, status: i64, remark: &str| json!({"id": id, "status": status, "reviewRemark": remark});
    post_as(
        &app,
        "/brand-application/review",
        review(&id, 1, "欢迎入驻"),
        Some(&operator),
    )
    .await?;
    post_as(
        &app,
        "/brand-application/review",
        review(&rejected["data"], 2, "资料不全"),
        Some(&operator),
    )
    .await?;

    let listed = get_with(&app, "/brand-application/my-list", &applicant).await?;
    let brand_id = listed["data"][1]["brandId"].clone();
    assert!(brand_id.is_i64(), "{listed}");
    assert_eq!(
        listed["data"][0]["brandId"],
        Value::Null,
        "rejected: {listed}"
    );
    let mine = get_with(&app, "/brand/my-list", &applicant).await?;
    assert_eq!(mine["data"].as_array().map(Vec::len), Some(1), "{mine}");
    assert_eq!(mine["data"][0]["id"], brand_id);
    assert_eq!(
        get_with(&app, "/brand/my-list", &other).await?["data"],
        json!([])
    );

    // The page: anyone, signed in or not.
    let (status, page) = call(
        &app,
        Method::GET,
        &format!("/brand/get?id={brand_id}"),
        None,
        None,
        &[],
    )
    .await?;
    assert_eq!(status, 200);
    let brand = &page["data"];
    assert_eq!(brand["brandName"], "NBFast", "{page}");
    assert_eq!(brand["companyName"], "宁波某某紧固件有限公司");
    assert_eq!(brand["description"], "专业生产 GB/T 5783 六角头螺栓");
    assert_eq!(brand["applicationId"], id);
    assert_eq!(
        brand["categories"],
        json!([{"library": "part", "code": "fasteners"}, {"library": "component", "code": "resistors"}])
    );
    assert!(
        brand["logoUrl"].as_str().is_some_and(
            |url| url.starts_with(&format!("/to/api/base/file/content/get/{:032x}", 46))
        ),
        "{page}"
    );
    let (_, unknown) = call(&app, Method::GET, "/brand/get?id=999999", None, None, &[]).await?;
    assert_error(&unknown, 1_002_021_004, "品牌主页不存在");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(brand_application_journey, approval_creates_the_brand_page);
