-- the validation portal's database (benchmill portal), beside Prefect's on the same server
CREATE DATABASE portal OWNER prefect;
