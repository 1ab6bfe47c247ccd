//! Feedback to the platform: the spec's form rules, sign-in, the per-user limit, and the
//! operators' page, get and close.

use kernel::testing::TestEnvironment;
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

const CREATE: &str = "/to/api/operation/behavior/message/to/platform/create";
const PAGE: &str = "/to/api/operation/behavior/message/page";
const GET: &str = "/to/api/operation/behavior/message/get";
const CLOSE: &str = "/to/api/operation/behavior/message/close";

async fn post_at(
    app: &kernel::testing::TestApp,
    path: &str,
    body: Value,
    token: Option<&str>,
) -> anyhow::Result<Value> {
    let (status, body) = call_path(app, Method::POST, path, Some(body), token).await?;
    assert_eq!(status, 200, "{body}");
    Ok(body)
}

async fn get_at(app: &kernel::testing::TestApp, path: &str, token: &str) -> anyhow::Result<Value> {
    let (status, body) = call_path(app, Method::GET, path, None, Some(token)).await?;
    assert_eq!(status, 200, "{body}");
    Ok(body)
}

async fn feedback_rules_and_operators(environment: TestEnvironment) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let (user, user_id) = signed_in_user(&app, "hanmeimei@example.com", "韩梅梅").await?;
    let (_, other_id) = signed_in_user(&app, "lucy@example.com", "Lucy").await?;
    // Files as the upload leaves them: the sender's two images, a PDF, someone else's image,
    // an image over 5 MB.
    insert_file(&settings, 11, user_id, "a.png", "image/png", 1024).await?;
    insert_file(&settings, 12, user_id, "b.jpg", "image/jpeg", 2048).await?;
    insert_file(&settings, 13, user_id, "c.pdf", "application/pdf", 2048).await?;
    insert_file(&settings, 14, other_id, "d.png", "image/png", 2048).await?;
    insert_file(
        &settings,
        15,
        user_id,
        "e.png",
        "image/png",
        6 * 1024 * 1024,
    )
    .await?;
    let valid = json!({"type": 3, "message": "零件库搜索不到 M8 螺栓", "mobile": "13800138000",
        "email": "hmm@example.com", "orgName": "某某机械厂", "userId": 99999, "images": "11,12"});

    // Sign-in required.
    let anonymous = post_at(&app, CREATE, valid.clone(), None).await?;
    assert_error(&anonymous, 401, "账号未登录");

    // Every rule of the spec's form, with its message.
    let with = |field: &str, value: Value| {
        let mut body = valid.clone();
        body[field] = value;
        body
    };
    let without = |field: &str| {
        let mut body = valid.clone();
        body.as_object_mut().map(|fields| fields.remove(field));
        body
    };
    let cases = [
        (without("type"), "请选择反馈类型"),
        (with("type", Value::Null), "请选择反馈类型"),
        (with("type", json!(5)), "反馈类型不正确"),
        (with("type", json!("需求")), "反馈类型不正确"),
        (without("message"), "请输入留言信息"),
        (with("message", json!("   ")), "请输入留言信息"),
        (
            with("message", json!("留".repeat(501))),
            "留言信息不能超过500个字符",
        ),
        (
            with("mobile", json!("1".repeat(21))),
            "手机号长度不能超过20个字符",
        ),
        (with("mobile", json!("12345")), "手机号格式不正确"),
        (
            with("email", json!(format!("{}@example.com", "a".repeat(53)))),
            "邮箱长度不能超过64个字符",
        ),
        (with("email", json!("not-an-email")), "邮箱格式不正确"),
        (
            with("orgName", json!("厂".repeat(101))),
            "组织名称长度不能超过100个字符",
        ),
        (with("images", json!("1,2,3,4")), "最多上传3张图片"),
        (with("images", json!("1,../etc")), "图片编号不正确"),
        (with("images", json!({"id": 1})), "图片编号不正确"),
    ];
    for (body, msg) in cases {
        let answer = post_at(&app, CREATE, body, Some(&user)).await?;
        assert_error(&answer, 400, &format!("请求参数不正确:{msg}"));
    }
    // The images must be jpg/png files of at most 5 MB that the sender uploaded.
    for images in ["11,13", "14", "11,999", "abc", "15"] {
        let answer = post_at(&app, CREATE, with("images", json!(images)), Some(&user)).await?;
        assert_error(&answer, 1_002_020_002, "反馈图片不存在或不是您上传的图片");
    }

    // Valid: the sender is the token's user whatever userId says; optional fields may be absent.
    let created = post_at(&app, CREATE, valid.clone(), Some(&user)).await?;
    assert_eq!(created["code"], 0, "{created}");
    let id = created["data"].as_i64().unwrap_or_default();
    assert!(id > 0, "{created}");
    let minimal = post_at(
        &app,
        CREATE,
        json!({"type": "1", "message": "留".repeat(500), "images": ""}),
        Some(&user),
    )
    .await?;
    assert_eq!(minimal["code"], 0, "{minimal}");
    let minimal_id = minimal["data"].as_i64().unwrap_or_default();

    // A plain user cannot read or close feedback.
    for path in [PAGE.to_owned(), format!("{GET}?id={id}")] {
        assert_error(&get_at(&app, &path, &user).await?, 403, "没有该操作权限");
    }
    assert_error(
        &post_at(&app, CLOSE, json!({"id": id, "reply": "x"}), Some(&user)).await?,
        403,
        "没有该操作权限",
    );
    let (_, anonymous_page) = call_path(&app, Method::GET, PAGE, None, None).await?;
    assert_error(&anonymous_page, 401, "账号未登录");

    // The operator sees it, with the sender's account data and the images' URLs.
    let operator = signed_in_with_role(&app, &settings, "operator@example.com", "operator").await?;
    let page = get_at(&app, PAGE, &operator).await?;
    assert_eq!(page["data"]["total"], 2, "{page}");
    assert_eq!(
        page["data"]["list"][0]["id"], minimal_id,
        "newest first: {page}"
    );
    let one = get_at(&app, &format!("{GET}?id={id}"), &operator).await?;
    let data = &one["data"];
    assert_eq!(data["type"], 3);
    assert_eq!(data["message"], "零件库搜索不到 M8 螺栓");
    assert_eq!(data["mobile"], "13800138000");
    assert_eq!(data["orgName"], "某某机械厂");
    assert_eq!(data["userName"], "韩梅梅");
    assert_eq!(data["userEmail"], "hanmeimei@example.com");
    // The images' addresses are their keys with an expiring signature (docs/files.md).
    let images = data["images"].as_array().cloned().unwrap_or_default();
    assert_eq!(images.len(), 2, "{data}");
    for (image, id) in images.iter().zip([11, 12]) {
        assert_eq!(image["id"], id.to_string());
        let url = image["url"].as_str().unwrap_or_default();
        assert!(
            url.starts_with(&format!("/to/api/base/file/content/get/{id:032x}?expires=")),
            "{url}"
        );
        assert!(url.contains("&signature="), "{url}");
    }
    assert_eq!(data["status"], 0);

    // Filters: status, type, keyword (message or sender), user, time range.
    let total = |body: &Value| body["data"]["total"].as_i64().unwrap_or(-1);
    assert_eq!(
        total(&get_at(&app, &format!("{PAGE}?type=3"), &operator).await?),
        1
    );
    assert_eq!(
        total(&get_at(&app, &format!("{PAGE}?type=4"), &operator).await?),
        0
    );
    assert_eq!(
        total(&get_at(&app, &format!("{PAGE}?keyword=m8"), &operator).await?),
        1
    );
    assert_eq!(
        total(
            &get_at(
                &app,
                &format!("{PAGE}?keyword=%E9%9F%A9%E6%A2%85"),
                &operator
            )
            .await?
        ),
        2,
        "the sender's nickname 韩梅 matches"
    );
    assert_eq!(
        total(&get_at(&app, &format!("{PAGE}?keyword=100%25"), &operator).await?),
        0
    );
    assert_eq!(data["userId"], user_id);
    assert_eq!(
        total(&get_at(&app, &format!("{PAGE}?userId={user_id}"), &operator).await?),
        2
    );
    let created_at = data["createTime"].as_i64().unwrap_or_default();
    let in_range = format!(
        "{PAGE}?beginTime={}&endTime={}",
        created_at - 60_000,
        created_at + 60_000
    );
    assert_eq!(total(&get_at(&app, &in_range, &operator).await?), 2);
    let later = format!("{PAGE}?beginTime={}", created_at + 3_600_000);
    assert_eq!(total(&get_at(&app, &later, &operator).await?), 0);
    let paged = get_at(&app, &format!("{PAGE}?pageNo=2&pageSize=1"), &operator).await?;
    assert_eq!(paged["data"]["list"][0]["id"], id, "{paged}");
    assert_error(
        &get_at(&app, &format!("{PAGE}?pageSize=101"), &operator).await?,
        400,
        "请求参数不正确:pageSize 必须在1到100之间",
    );
    assert_error(
        &get_at(&app, &format!("{PAGE}?status=7"), &operator).await?,
        400,
        "请求参数不正确:status 不正确",
    );

    // Close with a reply; twice is refused; unknown ids are refused.
    assert_error(
        &post_at(
            &app,
            CLOSE,
            json!({"id": id, "reply": "回".repeat(501)}),
            Some(&operator),
        )
        .await?,
        400,
        "请求参数不正确:回复内容不能超过500个字符",
    );
    let closed = post_at(
        &app,
        CLOSE,
        json!({"id": id, "reply": "已补充 M8 螺栓数据"}),
        Some(&operator),
    )
    .await?;
    assert_eq!(closed, json!({"code": 0, "data": true, "msg": ""}));
    let again = post_at(
        &app,
        CLOSE,
        json!({"id": id, "reply": "x"}),
        Some(&operator),
    )
    .await?;
    assert_error(&again, 1_002_020_001, "反馈已关闭");
    let unknown = post_at(&app, CLOSE, json!({"id": 999_999}), Some(&operator)).await?;
    assert_error(&unknown, 1_002_020_000, "反馈不存在");
    assert_error(
        &get_at(&app, &format!("{GET}?id=999999"), &operator).await?,
        1_002_020_000,
        "反馈不存在",
    );
    let one = get_at(&app, &format!("{GET}?id={id}"), &operator).await?;
    assert_eq!(one["data"]["status"], 1);
    assert_eq!(one["data"]["reply"], "已补充 M8 螺栓数据");
    assert!(one["data"]["closeTime"].as_i64().is_some(), "{one}");
    assert_eq!(
        total(&get_at(&app, &format!("{PAGE}?status=0"), &operator).await?),
        1
    );
    assert_eq!(
        total(&get_at(&app, &format!("{PAGE}?status=1"), &operator).await?),
        1
    );

    // The administrator holds every permission.
    create_admin(&settings, "root@example.com").await?;
    let admin = token_of(&login_email(&app, "root@example.com", PASSWORD).await?)?;
    assert_eq!(total(&get_at(&app, PAGE, &admin).await?), 2);
    app.stop().await;
    Ok(())
}

/// At most 10 accepted feedback an hour per user (on Redis when configured).
async fn feedback_rate_limit(environment: TestEnvironment) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let app = spawn_system(&environment).await?;
    let user = signed_in(&app, "lilei@example.com", "李雷").await?;
    let other = signed_in(&app, "lucy@example.com", "Lucy").await?;
    let body = json!({"type": 2, "message": "建议增加材料对比导出"});
    for attempt in 1..=10 {
        let answer = post_at(&app, CREATE, body.clone(), Some(&user)).await?;
        assert_eq!(answer["code"], 0, "attempt {attempt}: {answer}");
    }
    let refused = post_at(&app, CREATE, body.clone(), Some(&user)).await?;
    assert_error(&refused, 1_002_020_003, "反馈提交过于频繁，请1小时后再试");
    // Invalid submissions do not count, and the limit is per user.
    let accepted = post_at(&app, CREATE, body, Some(&other)).await?;
    assert_eq!(accepted["code"], 0, "{accepted}");
    app.stop().await;
    Ok(())
}

/// The OpenAPI document lists the feedback, front-end log and brand-application calls.
async fn documents_operation_routes(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_system(&environment).await?;
    let (status, document) = app.get_json("/to/api/docs/system/openapi.json").await?;
    assert_eq!(status, 200);
    for (path, method) in [
        (CREATE, "post"),
        (PAGE, "get"),
        (GET, "get"),
        (CLOSE, "post"),
        ("/tool/api/front/log", "post"),
        ("/tool/api/front/log/page", "get"),
        ("/to/api/base/system/brand-application/create", "post"),
        ("/to/api/base/system/brand-application/my-list", "get"),
        ("/to/api/base/system/brand-application/page", "get"),
        ("/to/api/base/system/brand-application/review", "post"),
    ] {
        assert!(
            document["paths"][path][method].is_object(),
            "{path} {method}"
        );
    }
    app.stop().await;
    Ok(())
}

const MY_PAGE: &str = "/to/api/operation/behavior/message/my-page";
const MY_UNREAD: &str = "/to/api/operation/behavior/message/my-unread-count";
const MY_READ: &str = "/to/api/operation/behavior/message/my-read";

/// 我的反馈: a sender lists only their own feedback with its state, images and the operator's
/// reply; an answer they have not seen yet is counted until they mark it read.
async fn senders_see_their_feedback_and_replies(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let settings = fast_settings(&environment);
    let app = spawn_with(settings.clone()).await?;
    let (sender, sender_id) = signed_in_user(&app, "sender@example.com", "发送者").await?;
    let (other, _) = signed_in_user(&app, "other@example.com", "别人").await?;
    insert_file(&settings, 21, sender_id, "a.png", "image/png", 1024).await?;
    let first = post_at(
        &app,
        CREATE,
        json!({"type": 1, "message": "第一条", "images": "21"}),
        Some(&sender),
    )
    .await?;
    let second = post_at(
        &app,
        CREATE,
        json!({"type": 2, "message": "第二条"}),
        Some(&sender),
    )
    .await?;
    post_at(
        &app,
        CREATE,
        json!({"type": 2, "message": "别人的"}),
        Some(&other),
    )
    .await?;
    let (first, second) = (first["data"].clone(), second["data"].clone());

    // Sign-in required for all three.
    for (method, path) in [
        (Method::GET, MY_PAGE),
        (Method::GET, MY_UNREAD),
        (Method::POST, MY_READ),
    ] {
        let (_, body) = call_path(&app, method, path, None, None).await?;
        assert_error(&body, 401, "账号未登录");
    }

    // Only the caller's own, newest first, whatever `userId` the query names.
    let mine = get_at(&app, &format!("{MY_PAGE}?pageSize=10&userId=0"), &sender).await?;
    assert_eq!(mine["data"]["total"], 2, "{mine}");
    let list = mine["data"]["list"].as_array().cloned().unwrap_or_default();
    assert_eq!(list[0]["id"], second);
    assert_eq!(list[1]["id"], first);
    assert_eq!(list[1]["status"], 0);
    assert_eq!(list[1]["replyUnread"], false);
    let image = list[1]["images"][0]["url"].as_str().unwrap_or_default();
    assert!(image.contains("?expires="), "{image}");
    let paged = get_at(&app, &format!("{MY_PAGE}?pageNo=2&pageSize=1"), &sender).await?;
    assert_eq!(paged["data"]["list"][0]["id"], first, "{paged}");
    let theirs = get_at(&app, MY_PAGE, &other).await?;
    assert_eq!(theirs["data"]["total"], 1, "{theirs}");
    assert_eq!(get_at(&app, MY_UNREAD, &sender).await?["data"], 0);

    // An operator answers the first: the sender sees state, reply and an unread notice.
    let operator = signed_in_with_role(&app, &settings, "operator@example.com", "operator").await?;
    let closed = post_at(
        &app,
        CLOSE,
        json!({"id": first, "reply": "已补充 M8 螺栓"}),
        Some(&operator),
    )
    .await?;
    assert_eq!(closed["code"], 0, "{closed}");
    assert_eq!(get_at(&app, MY_UNREAD, &sender).await?["data"], 1);
    assert_eq!(get_at(&app, MY_UNREAD, &other).await?["data"], 0);
    let mine = get_at(&app, &format!("{MY_PAGE}?status=1"), &sender).await?;
    assert_eq!(mine["data"]["total"], 1, "{mine}");
    let answered = &mine["data"]["list"][0];
    assert_eq!(answered["status"], 1);
    assert_eq!(answered["reply"], "已补充 M8 螺栓");
    assert_eq!(answered["replyUnread"], true);
    assert!(answered["closeTime"].is_i64(), "{answered}");

    // Someone else cannot mark it read; the sender can (the ids shown, or all).
    let foreign = post_at(&app, MY_READ, json!({"ids": [first]}), Some(&other)).await?;
    assert_eq!(foreign["data"], 0, "{foreign}");
    assert_eq!(get_at(&app, MY_UNREAD, &sender).await?["data"], 1);
    let read = post_at(
        &app,
        MY_READ,
        json!({"ids": [first, second]}),
        Some(&sender),
    )
    .await?;
    assert_eq!(read["data"], 1, "{read}");
    assert_eq!(get_at(&app, MY_UNREAD, &sender).await?["data"], 0);
    let mine = get_at(&app, MY_PAGE, &sender).await?;
    assert_eq!(mine["data"]["list"][1]["replyUnread"], false, "{mine}");
    // Marking again changes nothing; a later answer counts again.
    assert_eq!(
        post_at(&app, MY_READ, json!({}), Some(&sender)).await?["data"],
        0
    );
    post_at(&app, CLOSE, json!({"id": second}), Some(&operator)).await?;
    assert_eq!(get_at(&app, MY_UNREAD, &sender).await?["data"], 1);
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    feedback_rules_and_operators,
    feedback_rate_limit,
    documents_operation_routes,
    senders_see_their_feedback_and_replies
);
