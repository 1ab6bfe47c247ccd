//! The slider captcha: the server issues a challenge, checks the drag the client recorded
//! (it reached the right end, took a human time, moved plausibly) and answers a short-lived,
//! single-use ticket. Sending a verification code needs such a ticket; the client's
//! `verified` flag is never trusted.

use std::time::Duration;

use auth::token;
use kernel::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Accounts;
use crate::SLIDER_VERIFY_FAILED;

/// What a ticket may be used for (the challenge's `scene`); `Any` when none was named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SliderScene {
    Sms,
    Email,
    Login,
    Any,
}

/// One recorded pointer position: `x`, `y` in pixels from the track's left/top edge,
/// `t` milliseconds since the drag started.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
pub struct TrackPoint {
    pub x: f64,
    pub y: f64,
    pub t: f64,
}

#[derive(Debug, Serialize, Deserialize)]
struct StoredChallenge {
    scene: SliderScene,
    handle_width: u32,
    /// When the challenge was issued (epoch ms): the drag cannot have taken longer.
    issued_at: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Challenge {
    pub challenge_id: String,
    pub track_width: u32,
    pub handle_width: u32,
    /// Seconds the challenge stays valid.
    pub expires_in: u64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ticket {
    pub ticket: String,
    /// Seconds the ticket stays valid.
    pub expires_in: u64,
}

/// Points accepted in one track (a minute of 60 Hz events is far less than this).
pub const MAX_TRACK_POINTS: usize = 5_000;
/// Pixels the handle may stop short of the right end.
const END_TOLERANCE: f64 = 4.0;

/// Why a drag does not pass (logged; the client sees only 1002014010).
fn check_track(
    track: &[TrackPoint],
    track_width: f64,
    handle_width: f64,
    min_ms: f64,
    max_ms: f64,
) -> Result<(), &'static str> {
    if track.len() < 3 {
        return Err("too few points");
    }
    if track
        .iter()
        .any(|p| !(p.x.is_finite() && p.y.is_finite() && p.t.is_finite()))
    {
        return Err("non-finite coordinates");
    }
    let (first, last) = match (track.first(), track.last()) {
        (Some(first), Some(last)) => (first, last),
        _ => return Err("empty track"),
    };
    if first.x > handle_width {
        return Err("drag did not start at the handle");
    }
    let end = track_width - handle_width - END_TOLERANCE;
    if last.x < end {
        return Err("handle did not reach the right end");
    }
    let duration = last.t - first.t;
    if duration < min_ms || duration > max_ms {
        return Err("implausible duration");
    }
    let mut max_x = first.x;
    for pair in track.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if b.t < a.t {
            return Err("time runs backwards");
        }
        // A jump across half the track between two events is a script, not a hand.
        if (b.x - a.x).abs() > track_width / 2.0 {
            return Err("teleporting pointer");
        }
        max_x = max_x.max(b.x);
    }
    if max_x > track_width + handle_width || track.iter().any(|p| p.x < -handle_width) {
        return Err("pointer left the track");
    }
    let y_spread = track.iter().map(|p| p.y).fold(f64::MIN, f64::max)
        - track.iter().map(|p| p.y).fold(f64::MAX, f64::min);
    if y_spread > track_width {
        return Err("pointer wandered off the slider");
    }
    Ok(())
}

impl Accounts {
    pub async fn slider_challenge(&self, scene: SliderScene) -> ApiResult<Challenge> {
        let slider = &self.settings.slider;
        let id = token::new_token()?;
        let stored = StoredChallenge {
            scene,
            handle_width: slider.handle_width,
            issued_at: chrono::Utc::now().timestamp_millis(),
        };
        self.cache
            .set(
                &format!("slider:challenge:{id}"),
                &serde_json::to_string(&stored).map_err(anyhow::Error::from)?,
                Duration::from_secs(slider.challenge_seconds),
            )
            .await?;
        Ok(Challenge {
            challenge_id: id,
            track_width: slider.track_width,
            handle_width: slider.handle_width,
            expires_in: slider.challenge_seconds,
        })
    }

    /// One attempt per challenge: a failed drag needs a new challenge.
    pub async fn slider_verify(
        &self,
        challenge_id: &str,
        track_width: f64,
        track: &[TrackPoint],
    ) -> ApiResult<Ticket> {
        let failed = || ApiError::new(SLIDER_VERIFY_FAILED);
        if !token::is_well_formed(challenge_id) {
            return Err(failed());
        }
        let key = format!("slider:challenge:{challenge_id}");
        let Some(stored) = self.cache.get(&key).await? else {
            return Err(failed());
        };
        if !self.cache.delete(&key).await? {
            return Err(failed()); // a concurrent attempt took it
        }
        let stored: StoredChallenge = serde_json::from_str(&stored).map_err(anyhow::Error::from)?;
        let slider = &self.settings.slider;
        // The recorded times are the client's word; the server's clock bounds them: the drag
        // cannot be longer than the time since the challenge, nor shorter than a human's.
        let elapsed = (chrono::Utc::now().timestamp_millis() - stored.issued_at) as f64;
        let max_ms = (slider.max_drag_ms as f64).min(elapsed + 1000.0);
        let checked = if elapsed < slider.min_drag_ms as f64 {
            Err("answered faster than a human")
        } else {
            check_track(
                track,
                track_width,
                f64::from(stored.handle_width),
                slider.min_drag_ms as f64,
                max_ms,
            )
        };
        if let Err(reason) = checked {
            tracing::info!(reason, "slider drag refused");
            return Err(failed());
        }
        let ticket = token::new_token()?;
        self.cache
            .set(
                &format!("slider:ticket:{}", token::digest(&ticket)),
                &serde_json::to_string(&stored.scene).map_err(anyhow::Error::from)?,
                Duration::from_secs(slider.ticket_seconds),
            )
            .await?;
        Ok(Ticket {
            ticket,
            expires_in: slider.ticket_seconds,
        })
    }

    /// Uses up a ticket for `scene`; a missing, unknown, expired, used or other-scene ticket
    /// answers 1002014010 (the client resets the slider).
    pub async fn consume_ticket(&self, ticket: Option<&str>, scene: SliderScene) -> ApiResult<()> {
        let failed = || ApiError::new(SLIDER_VERIFY_FAILED);
        let ticket = ticket.map(str::trim).unwrap_or_default();
        if !token::is_well_formed(ticket) {
            return Err(failed());
        }
        let key = format!("slider:ticket:{}", token::digest(ticket));
        let Some(stored) = self.cache.get(&key).await? else {
            return Err(failed());
        };
        if !self.cache.delete(&key).await? {
            return Err(failed());
        }
        let issued: SliderScene = serde_json::from_str(&stored).map_err(anyhow::Error::from)?;
        if issued == SliderScene::Any || issued == scene {
            Ok(())
        } else {
            Err(failed())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A drag from 0 to `to` in `steps` steps over `ms` milliseconds.
    fn drag(to: f64, steps: usize, ms: f64) -> Vec<TrackPoint> {
        (0..=steps)
            .map(|i| {
                let f = i as f64 / steps as f64;
                TrackPoint {
                    x: to * f,
                    y: (f * 7.0).sin() * 2.0,
                    t: ms * f,
                }
            })
            .collect()
    }

    fn check(track: &[TrackPoint]) -> Result<(), &'static str> {
        check_track(track, 340.0, 40.0, 100.0, 60_000.0)
    }

    #[test]
    fn a_human_drag_to_the_end_passes() {
        assert_eq!(check(&drag(300.0, 30, 800.0)), Ok(()));
        assert_eq!(
            check(&drag(298.0, 12, 400.0)),
            Ok(()),
            "within the tolerance"
        );
    }

    #[test]
    fn scripted_or_short_drags_fail() {
        assert_eq!(check(&drag(300.0, 30, 20.0)), Err("implausible duration"));
        assert_eq!(
            check(&drag(300.0, 30, 70_000.0)),
            Err("implausible duration")
        );
        assert_eq!(
            check(&drag(200.0, 30, 800.0)),
            Err("handle did not reach the right end")
        );
        assert_eq!(check(&drag(300.0, 1, 800.0)), Err("too few points"));
        let jump =
            [(0.0, 0.0), (10.0, 300.0), (300.0, 600.0)].map(|(x, t)| TrackPoint { x, y: 0.0, t });
        assert_eq!(check(&jump), Err("teleporting pointer"));
        let mut backwards = drag(300.0, 30, 800.0);
        backwards[5].t = 900.0;
        assert_eq!(check(&backwards), Err("time runs backwards"));
        let mut late_start = drag(300.0, 30, 800.0);
        late_start[0].x = 100.0;
        assert_eq!(check(&late_start), Err("drag did not start at the handle"));
        let mut nan = drag(300.0, 30, 800.0);
        nan[3].y = f64::NAN;
        assert_eq!(check(&nan), Err("non-finite coordinates"));
    }
}
