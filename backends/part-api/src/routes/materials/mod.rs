pub mod parts_of_grade;
