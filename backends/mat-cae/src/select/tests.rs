use super::*;

fn material(name: &str, family: &str, properties: &[(Property, PropertyValue)]) -> Material {
    let mut material = Material {
        name: name.into(),
        family: Some(family.into()),
        ..Material::default()
    };
    for &(property, value) in properties {
        material.set(property, value);
    }
    material
}

/// Steel, 6061, a CFRP with ranges and tensile strength only, PA6 with a modulus range.
fn materials() -> Vec<Material> {
    use Property as P;
    let v = PropertyValue::value;
    let r = PropertyValue::range;
    vec![
        material(
            "steel",
            "carbon-structural-steel",
            &[
                (P::YoungsModulus, v(210e9)),
                (P::Density, v(7850.0)),
                (P::YieldStrength, v(250e6)),
                (P::Cost, v(0.8)),
            ],
        ),
        material(
            "6061-T6",
            "aluminum-6xxx",
            &[
                (P::YoungsModulus, v(69e9)),
                (P::Density, v(2700.0)),
                (P::YieldStrength, v(276e6)),
                (P::Cost, v(2.5)),
            ],
        ),
        material(
            "CFRP",
            "cfrp",
            &[
                (P::YoungsModulus, r(70e9, 150e9)),
                (P::Density, r(1550.0, 1600.0)),
                (P::TensileStrength, r(600e6, 1000e6)),
                (P::Cost, v(40.0)),
            ],
        ),
        material(
            "PA6",
            "pa",
            &[
                (P::YoungsModulus, r(2.6e9, 3.2e9)),
                (P::Density, v(1130.0)),
                (P::YieldStrength, v(70e6)),
                (P::Cost, v(3.0)),
            ],
        ),
    ]
}

fn close(actual: f64, expected: f64) -> bool {
    (actual - expected).abs() <= 1e-4 * expected.abs()
}

#[test]
fn stiff_beam_index_by_hand() {
    let ranking = rank(
        &materials(),
        &[],
        &[],
        Objective::Index {
            index: Index::StiffBeam,
        },
    );
    let order: Vec<usize> = ranking.ranked.iter().map(|r| r.material).collect();
    assert_eq!(order, [2, 1, 0, 3]);
    // √(70e9)/1600 = 165.36 guaranteed, √(150e9)/1550 = 249.87 at best.
    let cfrp = &ranking.ranked[0];
    assert!(close(cfrp.value.guaranteed, 165.359_4), "{:?}", cfrp.value);
    assert!(close(cfrp.value.max, 249.870), "{:?}", cfrp.value);
    // typical: √(110e9)/1575 = 210.58
    assert!(close(cfrp.value.typical, 210.579_8), "{:?}", cfrp.value);
    // √(69e9)/2700 = 97.288; √(210e9)/7850 = 58.377; √(2.6e9)/1130 = 45.124.
    assert!(close(ranking.ranked[1].value.guaranteed, 97.288_3));
    assert!(close(ranking.ranked[2].value.guaranteed, 58.376_8));
    assert!(close(ranking.ranked[3].value.guaranteed, 45.124_1));
    assert_eq!(
        ranking.ranked.iter().map(|r| r.rank).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    assert!(ranking.excluded.is_empty());
}

#[test]
fn every_index_by_hand_for_aluminium() {
    let aluminium = &materials()[1];
    let expected = [
        (Index::SpecificStiffness, 69e9 / 2700.0),
        (Index::StiffBeam, 69e9f64.sqrt() / 2700.0),
        (Index::StiffPanel, 69e9f64.cbrt() / 2700.0),
        (Index::SpecificStrength, 276e6 / 2700.0),
        (Index::StrongBeam, 276e6f64.powf(2.0 / 3.0) / 2700.0),
        (Index::StrongPanel, 276e6f64.sqrt() / 2700.0),
        (Index::DensityCost, 2700.0 * 2.5),
        (Index::CheapStiffBeam, 69e9f64.sqrt() / 2700.0 / 2.5),
        (
            Index::CheapStrongBeam,
            276e6f64.powf(2.0 / 3.0) / 2700.0 / 2.5,
        ),
    ];
    // A few also checked against numbers worked out by hand: 25.556e6, 102222, 157.003 (σ^2/3/ρ).
    assert!(close(expected[0].1, 25.555_56e6));
    assert!(close(expected[3].1, 102_222.2));
    assert!(close(expected[4].1, 157.003_4));
    for (index, value) in expected {
        let computed = evaluate(aluminium, &index.terms(), index.goal());
        assert!(
            computed.is_ok_and(|computed| close(computed.guaranteed, value)),
            "{index:?}: {computed:?} ≠ {value}"
        );
    }
}

#[test]
fn specific_strength_falls_back_to_tensile_strength() {
    let ranking = rank(
        &materials(),
        &[],
        &[],
        Objective::Index {
            index: Index::SpecificStrength,
        },
    );
    // CFRP 600e6/1600 = 375000; Al 102222; PA6 61947; steel 31847.
    let order: Vec<usize> = ranking.ranked.iter().map(|r| r.material).collect();
    assert_eq!(order, [2, 1, 3, 0]);
    assert!(close(ranking.ranked[0].value.guaranteed, 375_000.0));
}

#[test]
fn density_times_cost_is_minimised() {
    let ranking = rank(
        &materials(),
        &[],
        &[],
        Objective::Index {
            index: Index::DensityCost,
        },
    );
    // PA6 3390, steel 6280, Al 6750, CFRP 64000 (guaranteed: the high end, 1600 × 40).
    let order: Vec<usize> = ranking.ranked.iter().map(|r| r.material).collect();
    assert_eq!(order, [3, 0, 1, 2]);
    assert!(close(ranking.ranked[3].value.guaranteed, 64_000.0));
}

#[test]
fn constraints_on_intervals_and_the_limiting_one() {
    use Property as P;
    let constraints = [
        Constraint {
            property: P::Density,
            min: None,
            max: Some(3000.0),
        },
        Constraint {
            property: P::YoungsModulus,
            min: Some(60e9),
            max: None,
        },
    ];
    let ranking = rank(
        &materials(),
        &[],
        &constraints,
        Objective::Minimise {
            property: P::Density,
        },
    );
    // Steel fails density (margin (3000 − 7850)/3000); PA6 fails E (2.6e9 < 60e9).
    assert_eq!(
        ranking.excluded,
        [
            Excluded {
                material: 0,
                exclusion: Exclusion::Constraint {
                    check: ConstraintCheck {
                        property: P::Density,
                        fit: Fit::Failed,
                        margin: (3000.0 - 7850.0) / 3000.0,
                    }
                }
            },
            Excluded {
                material: 3,
                exclusion: Exclusion::Constraint {
                    check: ConstraintCheck {
                        property: P::YoungsModulus,
                        fit: Fit::Failed,
                        margin: (2.6e9 - 60e9) / 60e9,
                    }
                }
            },
        ]
    );
    // CFRP (lighter) first; Al's limiting constraint is E: (69 − 60)/60 = 0.15 < density's 0.1?
    // density: (3000 − 2700)/3000 = 0.1, so density limits.
    let order: Vec<usize> = ranking.ranked.iter().map(|r| r.material).collect();
    assert_eq!(order, [2, 1]);
    let aluminium = &ranking.ranked[1];
    assert_eq!(aluminium.fit, Fit::Met);
    let limiting = aluminium
        .limiting
        .as_ref()
        .map(|check| (check.property, check.margin));
    assert!(
        matches!(limiting, Some((P::Density, m)) if close(m, 0.1)),
        "{limiting:?}"
    );
    // CFRP's E is 70–150 GPa: all above 60. Ask 100 GPa and it only possibly meets it.
    let stricter = [Constraint {
        property: P::YoungsModulus,
        min: Some(100e9),
        max: None,
    }];
    let ranking = rank(
        &materials(),
        &[],
        &stricter,
        Objective::Minimise {
            property: P::Density,
        },
    );
    let order: Vec<(usize, Fit)> = ranking.ranked.iter().map(|r| (r.material, r.fit)).collect();
    // Steel meets it outright and ranks before CFRP, which only possibly does.
    assert_eq!(order, [(0, Fit::Met), (2, Fit::PossiblyMet)]);
    let margin = ranking.ranked[1].limiting.map(|check| check.margin);
    assert!(margin.is_some_and(|m| close(m, -0.3)), "{margin:?}");
}

#[test]
fn family_filter_and_missing_properties() {
    let ranking = rank(
        &materials(),
        &["nonferrous-metal".to_owned(), "composite".to_owned()],
        &[Constraint {
            property: Property::YieldStrength,
            min: Some(100e6),
            max: None,
        }],
        Objective::Index {
            index: Index::StiffBeam,
        },
    );
    assert_eq!(ranking.ranked.len(), 1);
    assert_eq!(ranking.ranked[0].material, 1);
    assert_eq!(
        ranking.excluded,
        [
            Excluded {
                material: 0,
                exclusion: Exclusion::Family
            },
            Excluded {
                material: 2,
                exclusion: Exclusion::Missing {
                    property: Property::YieldStrength
                }
            },
            Excluded {
                material: 3,
                exclusion: Exclusion::Family
            },
        ]
    );
}

#[test]
fn chart_boxes_envelopes_and_the_selection_line() -> Result<(), ChartError> {
    let mut list = materials();
    // A second aluminium alloy widens the aluminium envelope.
    list.push(material(
        "7075-T6",
        "aluminum-7xxx",
        &[
            (Property::YoungsModulus, PropertyValue::range(70e9, 72e9)),
            (Property::Density, PropertyValue::value(2810.0)),
        ],
    ));
    list.push(material(
        "no modulus",
        "pa",
        &[(Property::Density, PropertyValue::value(1.0))],
    ));
    let chart = chart(
        &list,
        Property::Density,
        Property::YoungsModulus,
        Some((Index::StiffBeam, [1000.0, 1e9])),
    )?;
    assert_eq!(chart.not_plotted, [5]);
    assert_eq!(chart.boxes[2].x, [1550.0, 1600.0]);
    assert_eq!(chart.boxes[2].y, [70e9, 150e9]);
    assert_eq!(chart.boxes[1].family.as_deref(), Some("aluminum-alloy"));
    let families: Vec<&str> = chart.envelopes.iter().map(|e| e.family.as_str()).collect();
    assert_eq!(
        families,
        [
            "aluminum-alloy",
            "carbon-steel",
            "composite",
            "engineering-plastic"
        ]
    );
    // Aluminium: a point box (2700, 69e9) and a segment box 2810 × 70–72e9 → a triangle.
    let aluminium = &chart.envelopes[0].points;
    assert_eq!(aluminium.len(), 3, "{aluminium:?}");
    for expected in [[2700.0, 69e9], [2810.0, 70e9], [2810.0, 72e9]] {
        assert!(
            aluminium
                .iter()
                .any(|p| close(p[0], expected[0]) && close(p[1], expected[1])),
            "{expected:?} in {aluminium:?}"
        );
    }
    // CFRP's box is its own envelope: four corners.
    assert_eq!(chart.envelopes[2].points.len(), 4);
    // E^1/2/ρ: slope 2 on log axes; through (1000, 1e9) to x = 7850: 1e9 × 7.85² = 6.16225e10.
    let line = chart.line.as_ref().map(|line| (line.slope, line.points));
    let Some((slope, [start, end])) = line else {
        panic!("no selection line");
    };
    assert_eq!(slope, 2.0);
    assert_eq!(start, [1000.0, 1e9]);
    assert!(
        close(end[0], 7850.0) && close(end[1], 6.162_25e10),
        "{end:?}"
    );
    Ok(())
}

#[test]
fn selection_lines_need_the_index_axes() {
    let list = materials();
    let slope = |index, x, y| {
        chart(&list, x, y, Some((index, [1.0, 1.0]))).map(|chart| chart.line.map(|l| l.slope))
    };
    use Property as P;
    assert_eq!(
        slope(Index::SpecificStiffness, P::Density, P::YoungsModulus),
        Ok(Some(1.0))
    );
    assert_eq!(
        slope(Index::StiffPanel, P::Density, P::YoungsModulus).map(|s| s.map(f64::round)),
        Ok(Some(3.0))
    );
    assert_eq!(
        slope(Index::StrongBeam, P::Density, P::YieldStrength),
        Ok(Some(1.5))
    );
    // Axes swapped: E on x, ρ on y → slope 1/2.
    assert_eq!(
        slope(Index::StiffBeam, P::YoungsModulus, P::Density),
        Ok(Some(0.5))
    );
    assert_eq!(
        slope(Index::StiffBeam, P::Density, P::YieldStrength),
        Err(ChartError::IndexNotOnAxes {
            index: Index::StiffBeam,
            x: P::Density,
            y: P::YieldStrength
        })
    );
    assert_eq!(
        chart(
            &list,
            P::Density,
            P::YoungsModulus,
            Some((Index::StiffBeam, [0.0, 1.0]))
        ),
        Err(ChartError::InvalidPoint)
    );
}

#[test]
fn hull_drops_inner_and_collinear_points() {
    let hull = convex_hull(vec![
        [0.0, 0.0],
        [2.0, 0.0],
        [1.0, 0.0],
        [2.0, 2.0],
        [0.0, 2.0],
        [1.0, 1.0],
    ]);
    assert_eq!(hull, [[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]]);
}

#[test]
fn a_single_property_objective_takes_negative_values() {
    let mut list = materials();
    list[0].set(Property::ThermalExpansion, PropertyValue::value(-0.5e-6));
    list[1].set(Property::ThermalExpansion, PropertyValue::value(23e-6));
    let ranking = rank(
        &list,
        &[],
        &[],
        Objective::Minimise {
            property: Property::ThermalExpansion,
        },
    );
    let order: Vec<usize> = ranking.ranked.iter().map(|r| r.material).collect();
    assert_eq!(order, [0, 1]);
    // An index still needs positive values: a zero density has no E/ρ.
    list[1].set(Property::Density, PropertyValue::value(0.0));
    let ranking = rank(
        &list,
        &[],
        &[],
        Objective::Index {
            index: Index::SpecificStiffness,
        },
    );
    assert!(ranking.excluded.contains(&Excluded {
        material: 1,
        exclusion: Exclusion::Missing {
            property: Property::Density
        }
    }));
}
